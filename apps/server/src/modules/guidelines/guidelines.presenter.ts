import type { Guideline, GuidelineContentType } from '@trashegimia/contract/guidelines';
import type { GuidelineRow } from './guidelines.repo';

/** Stored as `pdf`, `word` or `doc` (spec §3 'word/doc'); everything that is not a PDF is a Word document. */
export const contentTypeOf = (stored: string): GuidelineContentType =>
  stored.toLowerCase() === 'pdf' ? 'pdf' : 'word';

/** The stored file's own name: the last segment of its blob path. */
export const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export const presentGuideline = (row: GuidelineRow, url?: string): Guideline => ({
  id: row.id,
  title: row.title,
  contentType: contentTypeOf(row.contentType),
  fileName: fileNameOf(row.path),
  size: row.size,
  createdAt: row.createdAt.toISOString(),
  ...(url !== undefined && { url }),
});
