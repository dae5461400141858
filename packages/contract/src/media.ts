import { z } from 'zod';
import { MediaType } from './assets';
import { clearableText } from './common';

/**
 * The kinds of file media are, each with its extensions and the content type a file with that
 * extension is stored as: the one list the server checks uploads against and the page's pickers offer.
 */
export const MEDIA_FILE_KINDS = {
  image: {
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
  video: {
    mp4: 'video/mp4',
    m4v: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
    mkv: 'video/x-matroska',
    ogv: 'video/ogg',
    avi: 'video/x-msvideo',
    '3gp': 'video/3gpp',
  },
  audio: {
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
  pdf: { pdf: 'application/pdf' },
  glb: { glb: 'model/gltf-binary' },
  gltf: { gltf: 'model/gltf+json' },
} as const satisfies Record<string, Record<string, string>>;
export type MediaFileKind = keyof typeof MEDIA_FILE_KINDS;

/** What files each media type may be; a 360° item is a video or a panorama photo. */
export const MEDIA_TYPE_FILE_KINDS: Record<MediaType, readonly MediaFileKind[]> = {
  PHOTO: ['image'],
  VIDEO: ['video'],
  AUDIO: ['audio'],
  PDF: ['pdf'],
  THREE_D: ['glb', 'gltf'],
  THREE_SIXTY_VIDEO: ['video', 'image'],
};

/**
 * POST /surveys/assets/{id}/media/sas (spec §7 'Asset media'): what the page is about to upload.
 * The extension may come with its dot (`.JPG`); `size`, when known, lets an oversized file be
 * refused before it is sent.
 */
export const MediaUploadBody = z.object({
  mediaType: MediaType,
  extension: z
    .string()
    .trim()
    .regex(/^\.?[A-Za-z0-9]{1,10}$/, 'must be a file extension such as jpg'),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().positive().optional(),
});
export type MediaUploadBody = z.input<typeof MediaUploadBody>;

/** Most characters a medium's name keeps (the longest file name most file systems allow). */
export const MAX_MEDIA_NAME_LENGTH = 255;
export const MAX_MEDIA_CAPTION_LENGTH = 1000;

/**
 * One file the asset should show: a path granted for this asset (or one it already has) and its
 * type. `originalName` (the uploaded file's name, which the server cleans and shortens) and
 * `caption` change only when sent; null or blank clears them.
 */
export const MediaReference = z.object({
  path: z.string().min(1).max(1024),
  type: MediaType,
  // Bounded before cleaning: a browser may hand over a whole path.
  originalName: z.string().max(1024).nullable().optional(),
  caption: clearableText(MAX_MEDIA_CAPTION_LENGTH),
});
export type MediaReference = z.input<typeof MediaReference>;

/** The most files one asset lists; far above what a survey collects, it bounds one request's work. */
export const MAX_MEDIA_PER_ASSET = 500;

/**
 * PUT /surveys/assets/{id}/media: the asset's whole list of media. Listed paths it lacks are
 * added, references not listed are dropped; their stored files stay (spec, media screen).
 */
export const ReconcileMediaBody = z.object({
  media: z.array(MediaReference).max(MAX_MEDIA_PER_ASSET),
});
export type ReconcileMediaBody = z.input<typeof ReconcileMediaBody>;
