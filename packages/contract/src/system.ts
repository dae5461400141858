import { z } from 'zod';
import { MEDIA_TYPES, type MediaType } from './assets';

export const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'pg']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const CaptchaProvider = z.enum(['altcha', 'recaptcha']);
export type CaptchaProvider = z.infer<typeof CaptchaProvider>;

export const StorageDriver = z.enum(['local', 'azure']);
export type StorageDriver = z.infer<typeof StorageDriver>;

/** What the page needs to know at run time (DESIGN §4). */
export const AppConfigResponse = z.object({
  captcha: z.object({
    provider: CaptchaProvider,
    /** Where the ALTCHA widget fetches its challenge. */
    challengeUrl: z.string(),
    recaptchaSiteKey: z.string().optional(),
  }),
  map: z.object({
    tileUrl: z.string(),
    attribution: z.string(),
  }),
  storageDriver: StorageDriver,
  /** The largest file of each kind the server accepts, in bytes, so the page can say so before sending. */
  uploadLimits: z.object({
    importMaxBytes: z.number().int(),
    guidelineMaxBytes: z.number().int(),
    /** One limit per media type; an object with every type named, which OpenAPI tools read better than a record. */
    mediaMaxBytes: z.object(
      Object.fromEntries(MEDIA_TYPES.map((type) => [type, z.number().int()])) as Record<MediaType, z.ZodNumber>,
    ),
  }),
});
export type AppConfigResponse = z.infer<typeof AppConfigResponse>;
