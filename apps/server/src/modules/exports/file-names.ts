/**
 * File names for downloads. `slugOf` keeps letters of any script ('kulla-e-jasharëve');
 * `asciiSlugOf` folds them for the plain `filename` parameter ('kulla-e-jashareve').
 */
export function slugOf(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

const ASCII_FOLDS: Record<string, string> = { đ: 'dj', ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l' };

export function asciiSlugOf(text: string): string {
  return slugOf(
    text
      .toLocaleLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[đßæøœł]/g, (letter) => ASCII_FOLDS[letter] ?? letter)
      .replace(/[^\x20-\x7e]/g, ' '),
  );
}

/**
 * `attachment; filename="<ascii>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 with RFC 5987):
 * every browser gets a safe name, and those that read filename* get the letters as written.
 * The name is `<slug of name, or fallback><suffix>.<extension>`.
 */
export function attachmentDisposition(
  name: string,
  file: { extension: string; fallback: string; suffix?: string },
): string {
  const { extension, fallback, suffix = '' } = file;
  const unicode = `${slugOf(name) || fallback}${suffix}.${extension}`;
  const ascii = `${asciiSlugOf(name) || fallback}${suffix}.${extension}`;
  const plain = `attachment; filename="${ascii}"`;
  return unicode === ascii ? plain : `${plain}; filename*=UTF-8''${encodeRfc5987(unicode)}`;
}

const encodeRfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
