import { GUIDELINE_FILE_TYPES, type GuidelineFileType } from '@trashegimia/contract/guidelines';

const TYPE_BY_EXTENSION = new Map<string, GuidelineFileType>(
  Object.entries(GUIDELINE_FILE_TYPES).map(([contentType, { extension }]) => [
    extension,
    contentType as GuidelineFileType,
  ]),
);

/** The file picker's filter: PDF and Word, by extension and by type (spec §2: documents are PDF or Word). */
export const GUIDELINE_FILE_ACCEPT = [
  ...Object.values(GUIDELINE_FILE_TYPES).map(({ extension }) => `.${extension}`),
  ...Object.keys(GUIDELINE_FILE_TYPES),
].join(',');

/**
 * The content type a guideline upload declares for a file, read from its extension (.pdf, .docx,
 * .doc) since the server checks that name and type agree and browsers often leave `file.type`
 * empty for Word files; null for any other file.
 */
export const guidelineContentTypeOf = (file: Pick<File, 'name'>): GuidelineFileType | null => {
  const dot = file.name.lastIndexOf('.');
  if (dot === -1) return null;
  return (
    TYPE_BY_EXTENSION.get(
      file.name
        .slice(dot + 1)
        .trim()
        .toLowerCase(),
    ) ?? null
  );
};
