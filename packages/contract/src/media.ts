import { z } from 'zod';
import { MediaType } from './assets';

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

/** One file the asset should show: a path granted for this asset (or one it already has) and its type. */
export const MediaReference = z.object({
  path: z.string().min(1).max(1024),
  type: MediaType,
});
export type MediaReference = z.infer<typeof MediaReference>;

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
