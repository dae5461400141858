import { EMBED_BOX_DEGREES } from './map-constants';

const round = (value: number) => Number(value.toFixed(6));

/** The OpenStreetMap export embed around a point: a box of 0.01 degrees and a marker (spec §7). */
export const osmEmbedUrl = (latitude: number, longitude: number, box = EMBED_BOX_DEGREES) => {
  const bbox = [longitude - box, latitude - box, longitude + box, latitude + box].map(round).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${round(latitude)},${round(longitude)}`;
};

/** The same place on openstreetmap.org, for a larger map in a new tab. */
export const osmLinkUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${round(latitude)}&mlon=${round(longitude)}#map=16/${round(latitude)}/${round(longitude)}`;
