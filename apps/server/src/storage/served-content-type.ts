import { MEDIA_FILE_KINDS } from '@trashegimia/contract/media';
import { extensionOf } from './blob-path';
import { PINNABLE_CONTENT_TYPE } from './blob-store';

/** The content type of each extension a medium may have (extensions are unique across kinds). */
const TYPE_OF_EXTENSION: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(MEDIA_FILE_KINDS));

/**
 * The content type a stored medium is served as, which its read URL pins (ReadUrlOptions): the type
 * it was registered with, or, for a reference without one (older or seeded media), the type its
 * extension names; undefined when neither is known, and the file is served as the store has it.
 */
export function servedContentType(path: string, registered?: string | null): string | undefined {
  if (registered && PINNABLE_CONTENT_TYPE.test(registered)) return registered;
  const extension = extensionOf(path);
  return Object.hasOwn(TYPE_OF_EXTENSION, extension) ? TYPE_OF_EXTENSION[extension] : undefined;
}
