import type { MediaType } from '@trashegimia/contract/assets';
import { MEDIA_FILE_KINDS, MEDIA_TYPE_FILE_KINDS, type MediaFileKind } from '@trashegimia/contract/media';
import { badRequest } from '../../errors';
import { PINNABLE_CONTENT_TYPE } from '../../storage/blob-store';

/** A kind of file: which content types it is uploaded as, and its extensions with the type each is stored as. */
type FileFamily = { accepts: (contentType: string) => boolean; extensions: Readonly<Record<string, string>> };

/**
 * Video and audio are uploaded as any type of their family, whose names browsers spell their own way
 * (audio/x-m4a, video/avi). Everything else, images included, only as exactly the types listed:
 * a photo is one of the raster formats (JPEG, PNG, WebP, GIF, AVIF, HEIC/HEIF, TIFF), never an SVG
 * or another `image/*` a browser would run scripts in.
 */
const family = (kind: MediaFileKind): FileFamily => {
  const extensions = MEDIA_FILE_KINDS[kind];
  const exact = new Set<string>(Object.values(extensions));
  const prefix = kind === 'video' || kind === 'audio' ? `${kind}/` : null;
  return {
    accepts: (contentType) => (prefix ? contentType.startsWith(prefix) : exact.has(contentType)),
    extensions,
  };
};

const FAMILIES = Object.fromEntries(
  Object.entries(MEDIA_TYPE_FILE_KINDS).map(([mediaType, kinds]) => [mediaType, kinds.map(family)]),
) as Record<MediaType, FileFamily[]>;

/**
 * The content type an upload of this media type is granted for: the declared one, lower-cased and
 * without parameters, when the media type accepts it; 400 naming `contentType` otherwise.
 */
export function uploadContentType(mediaType: MediaType, declared: string): string {
  const contentType = declared.split(';')[0]!.trim().toLowerCase();
  if (!PINNABLE_CONTENT_TYPE.test(contentType) || !FAMILIES[mediaType].some((family) => family.accepts(contentType))) {
    throw badRequest('contentType', `contentType: a ${mediaType} cannot be ${declared}`, 'unsupported_file_type');
  }
  return contentType;
}

/** 400 naming `extension` unless the extension is one of the declared content type's kind of file. */
export function checkUploadExtension(mediaType: MediaType, contentType: string, extension: string) {
  const family = FAMILIES[mediaType].find((candidate) => candidate.accepts(contentType))!;
  if (!Object.hasOwn(family.extensions, extension)) {
    throw badRequest('extension', `extension: a ${contentType} file cannot end in .${extension}`, 'extension_mismatch');
  }
}

/** The content type a stored file of this media type is listed with, by its extension; null when the type does not take it. */
export function storedContentType(mediaType: MediaType, extension: string): string | null {
  for (const family of FAMILIES[mediaType]) {
    if (Object.hasOwn(family.extensions, extension)) return family.extensions[extension]!;
  }
  return null;
}

/**
 * Whether a file of this media type and extension may have been uploaded as `contentType` (ignoring
 * case and parameters): what its grant would have allowed.
 */
export function takesUploadedContentType(mediaType: MediaType, extension: string, contentType: string): boolean {
  const family = FAMILIES[mediaType].find((candidate) => Object.hasOwn(candidate.extensions, extension));
  return family !== undefined && family.accepts(contentType.split(';')[0]!.trim().toLowerCase());
}
