import type { MediaType } from '@trashegimia/contract/assets';
import { badRequest } from '../../errors';

/** A kind of file: which content types it is uploaded as, and its extensions with the type each is stored as. */
type FileFamily = { accepts: (contentType: string) => boolean; extensions: Record<string, string> };

const IMAGE: FileFamily = {
  accepts: (contentType) => contentType.startsWith('image/'),
  extensions: {
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
  },
};

const VIDEO: FileFamily = {
  accepts: (contentType) => contentType.startsWith('video/'),
  extensions: {
    mp4: 'video/mp4',
    m4v: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
    mkv: 'video/x-matroska',
    ogv: 'video/ogg',
    avi: 'video/x-msvideo',
    '3gp': 'video/3gpp',
  },
};

const AUDIO: FileFamily = {
  accepts: (contentType) => contentType.startsWith('audio/'),
  extensions: {
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
  },
};

const PDF: FileFamily = {
  accepts: (contentType) => contentType === 'application/pdf',
  extensions: { pdf: 'application/pdf' },
};

const GLB: FileFamily = {
  accepts: (contentType) => contentType === 'model/gltf-binary',
  extensions: { glb: 'model/gltf-binary' },
};

const GLTF: FileFamily = {
  accepts: (contentType) => contentType === 'model/gltf+json',
  extensions: { gltf: 'model/gltf+json' },
};

/** What each media type may be; a 360° item is a video or a panorama photo. */
const FAMILIES: Record<MediaType, FileFamily[]> = {
  PHOTO: [IMAGE],
  VIDEO: [VIDEO],
  AUDIO: [AUDIO],
  PDF: [PDF],
  THREE_D: [GLB, GLTF],
  THREE_SIXTY_VIDEO: [VIDEO, IMAGE],
};

const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/**
 * The content type an upload of this media type is granted for: the declared one, lower-cased and
 * without parameters, when the media type accepts it; 400 naming `contentType` otherwise.
 */
export function uploadContentType(mediaType: MediaType, declared: string): string {
  const contentType = declared.split(';')[0]!.trim().toLowerCase();
  if (!CONTENT_TYPE.test(contentType) || !FAMILIES[mediaType].some((family) => family.accepts(contentType))) {
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
