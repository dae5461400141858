import { GUIDELINE_FILE_TYPES, type GuidelineFileType } from '@trashegimia/contract/guidelines';
import { badRequest } from '../../errors';
import { extensionOf } from '../../storage/blob-path';

/** Every stored guideline file lies under this prefix; upload grants are bound to it. */
export const GUIDELINE_PREFIX = 'guidelines/';

/** The accepted type a content type names (ignoring case and parameters); 400 naming `contentType` otherwise. */
export function guidelineFileType(contentType: string): GuidelineFileType {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (!Object.hasOwn(GUIDELINE_FILE_TYPES, mediaType)) {
    throw badRequest('contentType', 'Only PDF and Word documents are accepted', 'unsupported_file_type');
  }
  return mediaType as GuidelineFileType;
}

export { extensionOf };

/** The content type a guideline's file is served as, which its read URLs pin: the one its extension is registered for. */
export function servedGuidelineType(path: string): string | undefined {
  const extension = extensionOf(path);
  return Object.entries(GUIDELINE_FILE_TYPES).find(([, type]) => type.extension === extension)?.[0];
}

// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
const MAX_FILE_NAME_LENGTH = 150;

/**
 * The name a file is stored (and later downloaded) under: the last segment of what the browser
 * sent, without characters that paths or file systems refuse, shortened to a sensible length but
 * keeping its extension. `document.<extension>` when nothing usable is left.
 */
export function storedFileName(fileName: string | undefined, extension: string): string {
  const base = (fileName ?? '').split(/[/\\]/).pop()!.replace(UNSAFE_CHARACTERS, '-').trim();
  const stem = base.slice(0, base.length - extension.length - 1).replace(/^[.\s]+/, '');
  if (stem === '') return `document.${extension}`;
  return `${stem.slice(0, MAX_FILE_NAME_LENGTH)}.${extension}`;
}
