import { MAX_MEDIA_NAME_LENGTH } from '@trashegimia/contract/media';

/**
 * Control characters, and the invisible marks that reverse the direction of text (a name shown as
 * 'photo‮gpj.exe' would read 'photoexe.jpg').
 */
const CONTROL_OR_DIRECTION = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** An extension worth keeping when a long name is shortened: a dot and up to 10 letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

/**
 * A file's name as a person reads it, from whatever the uploader's browser sent: its last part
 * when a path came along, without control or direction characters, spaces collapsed, at most
 * MAX_MEDIA_NAME_LENGTH characters (the extension kept when it is cut). Null when nothing is left.
 */
export function cleanFileName(sent: string): string | null {
  const lastPart = sent.replace(CONTROL_OR_DIRECTION, '').split(/[\\/]/).at(-1) ?? '';
  const name = lastPart.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name === '' || name === '.' || name === '..') return null;
  // By code points, so a cut never splits a letter written as two UTF-16 units.
  const characters = Array.from(name);
  if (characters.length <= MAX_MEDIA_NAME_LENGTH) return name;
  const extension = Array.from(EXTENSION.exec(name)?.[0] ?? '');
  return (
    characters
      .slice(0, MAX_MEDIA_NAME_LENGTH - extension.length)
      .join('')
      .trimEnd() + extension.join('')
  );
}
