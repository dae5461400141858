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

/** The files guidelines accept, by content type: PDF, and Word as .docx or legacy .doc. */
export const GUIDELINE_FILE_TYPES = {
  'application/pdf': { extension: 'pdf', contentType: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extension: 'docx', contentType: 'word' },
  'application/msword': { extension: 'doc', contentType: 'word' },
} as const satisfies Record<string, { extension: string; contentType: GuidelineContentType }>;
export type GuidelineFileType = keyof typeof GUIDELINE_FILE_TYPES;

/**
 * POST /guidelines/upload/sas: the file about to be uploaded. `fileName` (kept as the name the file
 * downloads under) or, as the spec's page sends, just its `extension`; `size` in bytes lets the
 * server refuse a file that is too large before it is sent. Only PDF and Word are accepted.
 */
export const GuidelineUploadBody = z
  .object({
    fileName: plainText(200).min(1).optional(),
    extension: z.string().trim().max(10).optional(),
    contentType: z.string().trim().max(200),
    size: z.number().int().nonnegative().optional(),
  })
  .refine((body) => body.fileName !== undefined || body.extension !== undefined, {
    path: ['fileName'],
    message: 'a file name or an extension is required',
  });
export type GuidelineUploadBody = z.input<typeof GuidelineUploadBody>;

/** POST /guidelines: registers an uploaded file (the `blobPath` of its grant) under a title. */
export const CreateGuidelineBody = z.object({
  title: plainText(500).min(1),
  path: z.string().min(1).max(1024),
  contentType: z.string().trim().max(200),
});
export type CreateGuidelineBody = z.input<typeof CreateGuidelineBody>;

/** PATCH /guidelines/{id}: renames the document. */
export const UpdateGuidelineBody = z.object({ title: plainText(500).min(1) });
export type UpdateGuidelineBody = z.input<typeof UpdateGuidelineBody>;
