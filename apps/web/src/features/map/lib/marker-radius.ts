import { ASSET_CIRCLE_RADIUS_M, MAP_CENTER } from '@/shared/map/map-constants';

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
/** Below this a point is hard to see and to hit; above it neighbours in a town merge into one blot. */
export const MIN_MARKER_RADIUS_PX = 4;
export const MAX_MARKER_RADIUS_PX = 14;

/** Ground metres one screen pixel covers (Web Mercator, 256-pixel tiles). */
const metresPerPixel = (zoom: number, latitude: number) =>
  (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / 2 ** (zoom + 8);

/**
 * A marker's radius in pixels: the spec's 800 m on the ground (§9), kept between 4 and 14 px so
 * that at country zoom (where 800 m is under 2 px) a point can still be seen and clicked.
 */
export const markerRadiusPx = (zoom: number, latitude = MAP_CENTER[0]) =>
  Math.min(
    MAX_MARKER_RADIUS_PX,
    Math.max(MIN_MARKER_RADIUS_PX, ASSET_CIRCLE_RADIUS_M / metresPerPixel(zoom, latitude)),
  );
