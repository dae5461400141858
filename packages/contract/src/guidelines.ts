import { z } from 'zod';
import { IdParams, PageQuery, pageOf, plainText, QueryFlag } from './common';

/** What the page shows a document as (spec §3): a PDF, or a Word document (stored as `word` or `doc`). */
export const GuidelineContentType = z.enum(['pdf', 'word']);
export type GuidelineContentType = z.infer<typeof GuidelineContentType>;

/** A guideline document (spec §3 'Guideline'). */
export const Guideline = z.object({
  id: z.number().int(),
  title: z.string(),
  contentType: GuidelineContentType,
  /** The stored file's own name, under which it is downloaded. */
  fileName: z.string(),
  /** In bytes; null when unknown. */
  size: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** With `includeUrl=1`: a short-lived signed URL that shows the file in the page (PDF preview). */
  url: z.string().optional(),
});
export type Guideline = z.infer<typeof Guideline>;

export const GuidelineList = pageOf(Guideline);
export type GuidelineList = z.infer<typeof GuidelineList>;

export const GuidelineListQuery = PageQuery.extend({
  /** `1` or `true`: add each document's signed read URL. */
  includeUrl: QueryFlag.optional(),
  /** Part of the title, ignoring case and accents. */
  q: plainText(200).optional(),
});
export type GuidelineListQuery = z.input<typeof GuidelineListQuery>;

export const GuidelineParams = IdParams;

/** GET /guidelines/{id}/sas: a short-lived signed URL that downloads the file under its own name. */
export const GuidelineDownloadUrl = z.object({ url: z.string() });
export type GuidelineDownloadUrl = z.infer<typeof GuidelineDownloadUrl>;
