import { MEDIA_TYPES, type MediaType } from '@trashegimia/contract/assets';
import { MEDIA_FILE_KINDS, MEDIA_TYPE_FILE_KINDS } from '@trashegimia/contract/media';

/** The extensions each media type takes and the content type each is uploaded as (the server checks again). */
const EXTENSIONS = Object.fromEntries(
  MEDIA_TYPES.map((type) => [
    type,
    Object.assign({}, ...MEDIA_TYPE_FILE_KINDS[type].map((kind) => MEDIA_FILE_KINDS[kind])) as Record<string, string>,
  ]),
) as Record<MediaType, Record<string, string>>;

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
