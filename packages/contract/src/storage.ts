import { z } from 'zod';

/**
 * Permission to upload one file (spec §7 'Upload grant'): PUT the file's bytes to `uploadUrl` with
 * `requiredHeaders` before the grant expires, then register `blobPath` with the call that asked for
 * the grant. Files larger than `maxBytes` are refused (413).
 */
export const UploadGrant = z.object({
  uploadUrl: z.string(),
  requiredHeaders: z.record(z.string(), z.string()),
  blobPath: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type UploadGrant = z.infer<typeof UploadGrant>;
