import { MEDIA_TYPES, type MediaType } from '@trashegimia/contract/assets';

/**
 * The file extensions each media type takes and the content type each is uploaded as, as the
 * server's media-types list has them (it checks again; this only spares a pointless upload).
 */
const IMAGE = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};
const VIDEO = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  ogv: 'video/ogg',
  avi: 'video/x-msvideo',
  '3gp': 'video/3gpp',
};
const AUDIO = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  flac: 'audio/flac',
  weba: 'audio/webm',
  amr: 'audio/amr',
};

const EXTENSIONS: Record<MediaType, Record<string, string>> = {
  PHOTO: IMAGE,
  VIDEO,
  AUDIO,
  PDF: { pdf: 'application/pdf' },
  THREE_D: { glb: 'model/gltf-binary', gltf: 'model/gltf+json' },
  // A 360° item is a video or a panorama photo.
  THREE_SIXTY_VIDEO: { ...VIDEO, ...IMAGE },
};

/** The screen's sections, in the spec's order: Photos, Videos, Audio, PDF, 3D, 360° Videos. */
export const MEDIA_SECTIONS: readonly MediaType[] = MEDIA_TYPES;

/** The file picker's `accept` for a section: its extensions, which also covers files the system types oddly (.glb). */
export const acceptFor = (type: MediaType) =>
  Object.keys(EXTENSIONS[type])
    .map((extension) => `.${extension}`)
    .join(',');

/** 'JPG, JPEG, PNG, …' for messages. */
export const extensionsFor = (type: MediaType) => Object.keys(EXTENSIONS[type]).join(', ').toUpperCase();

export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** image/…, video/…, audio/…; otherwise the whole type, which must then match exactly. */
const familyOf = (contentType: string) => {
  const [major] = contentType.split('/');
  return major === 'image' || major === 'video' || major === 'audio' ? major : contentType;
};

/**
 * The content type to upload a file of this media type as, or null when the type does not take
 * the file. The browser's own type is kept when it agrees with the extension; when it is missing
 * or generic (3D models usually come as '' or octet-stream) the extension decides.
 */
export const uploadContentTypeOf = (type: MediaType, file: { name: string; type: string }): string | null => {
  const expected = EXTENSIONS[type][extensionOf(file.name)];
  if (!expected) return null;
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  return declared && familyOf(declared) === familyOf(expected) ? declared : expected;
};
