import { z } from 'zod';
import { MEDIA_TYPES, type MediaType } from './assets';
import { ErrorResponse } from './common';

/** What the server needs to serve as it should, each true when it holds. */
export const ReadinessChecks = z.object({
  /** Every migration this server knows of is applied to the database. */
  migrations: z.boolean(),
  /** The database answers. */
  database: z.boolean(),
  /**
   * The database's change notifications reach this server: without them its caches and in-memory
   * indexes are bypassed, and every read goes to the database.
   */
  changeListener: z.boolean(),
});
export type ReadinessChecks = z.infer<typeof ReadinessChecks>;

export const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'pg']),
  checks: ReadinessChecks,
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/ready when every check holds. */
export const ReadyResponse = z.object({ status: z.literal('ready'), checks: ReadinessChecks });
export type ReadyResponse = z.infer<typeof ReadyResponse>;

/** GET /api/ready's 503: an error as every other, with the checks, so a probe's log shows which failed. */
export const NotReadyResponse = ErrorResponse.extend({ checks: ReadinessChecks }).meta({ id: 'NotReadyResponse' });
export type NotReadyResponse = z.infer<typeof NotReadyResponse>;

export const CaptchaProvider = z.enum(['altcha', 'recaptcha']);
export type CaptchaProvider = z.infer<typeof CaptchaProvider>;

export const StorageDriver = z.enum(['local', 'azure']);
export type StorageDriver = z.infer<typeof StorageDriver>;

/** What the page needs to know at run time. */
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
  /** The licence the published data is offered under, e.g. CC BY 4.0 and its address. */
  licence: z.object({ name: z.string(), url: z.string() }),
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
export type DataLicence = AppConfigResponse['licence'];
