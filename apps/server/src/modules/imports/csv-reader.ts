import { type Sheet, SheetRefusal, SheetTable } from './sheet-table';

/** The longest line (one row, line breaks in its quoted fields included) a CSV file may have. */
const MAX_LINE_CHARS = 1024 * 1024;

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * RFC 4180 CSV, comma or semicolon separated (as spreadsheet programs save it in English and in
 * European locales): quoted fields may hold separators, quotes ("") and line breaks; a BOM is
 * ignored. A line longer than MAX_LINE_CHARS refuses the file where it is found: a file that is one
 * long line is refused once its first MiB has been scanned.
 */
export function readCsv(file: Buffer): Sheet {
  const text = file.toString('utf8');
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = guessSeparator(source.slice(0, MAX_LINE_CHARS)).charCodeAt(0);
  const table = new SheetTable();
  let index = 0;
  for (let line = 1; index < source.length; line++) {
    // Past `limit` the line is too long; fields are cut there and the line refused.
    const limit = index + MAX_LINE_CHARS;
    const row: string[] = [];
    for (;;) {
      let field = '';
      if (source.charCodeAt(index) === QUOTE) {
        // Up to the closing quote, "" standing for one quote; unclosed, the field runs to the end.
        for (let from = index + 1; ;) {
          const close = source.indexOf('"', from);
          if (close === -1 || close > limit) {
            index = Math.min(source.length, limit + 1);
            field += source.slice(from, index);
            break;
          }
          field += source.slice(from, close);
          index = close + 1;
          if (source.charCodeAt(index) !== QUOTE) break;
          field += '"';
          from = index + 1;
        }
      }
      // Unquoted text, or whatever follows a closing quote up to the separator, is kept as it is.
      const start = index;
      while (index < source.length && index <= limit) {
        const char = source.charCodeAt(index);
        if (char === separator || char === CR || char === LF) break;
        index++;
      }
      if (index > limit) {
        throw new SheetRefusal(
          'line_too_long',
          `Line ${line} of the file is longer than ${MAX_LINE_CHARS.toLocaleString('en')} characters; a CSV file has one row of the register per line`,
        );
      }
      row.push((field + source.slice(start, index)).trim());
      if (source.charCodeAt(index) !== separator) break;
      index++;
    }
    if (source.charCodeAt(index) === CR) index++;
    if (source.charCodeAt(index) === LF) index++;
    table.add(row);
  }
  return table.finish();
}

/** The separator of the header line: whichever of ; and , it has more of outside quotes. */
function guessSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}
