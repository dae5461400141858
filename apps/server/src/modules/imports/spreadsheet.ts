import type ExcelJS from 'exceljs';
import { MAX_IMPORT_ROWS } from '@trashegimia/contract/imports';
import { badRequest } from '../../errors';

/** A sheet as text: the header row and the data rows, each padded to the header's width. */
export type Sheet = { headers: string[]; rows: string[][] };

/**
 * The first worksheet of an XLSX file, or a CSV file (comma or semicolon separated, as spreadsheet
 * programs save it in English and in European locales), as text. Empty rows are dropped; a file
 * without a header row or with more than MAX_IMPORT_ROWS data rows is refused.
 */
export async function readSheet(kind: 'xlsx' | 'csv', file: Buffer): Promise<Sheet> {
  const table = kind === 'xlsx' ? await readXlsx(file) : readCsv(file.toString('utf8'));
  const nonEmpty = table.filter((row) => row.some((cell) => cell !== ''));
  const [headerRow, ...rows] = nonEmpty;
  if (!headerRow) throw badRequest('file', 'The file has no header row', 'empty_file');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw badRequest('file', `The file has ${rows.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once`);
  }
  const width = Math.max(headerRow.length, ...rows.map((row) => row.length));
  const pad = (row: string[]) => Array.from({ length: width }, (_, index) => row[index] ?? '');
  return { headers: pad(headerRow), rows: rows.map(pad) };
}

async function readXlsx(file: Buffer): Promise<string[][]> {
  // Loaded when a workbook is first read, not at start (see exports/xlsx-writer.ts).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('file', 'The file is not a readable XLSX workbook', 'unreadable_file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    table.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return table;
}

/** A cell as the text a person sees; dates as ISO 8601, so they read back exactly. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

/** RFC 4180 CSV: quoted fields may hold separators, quotes ("") and line breaks; a BOM is ignored. */
export function readCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const separator = guessSeparator(source);
  const table: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      row.push(field.trim());
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      row.push(field.trim());
      table.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field.trim());
    table.push(row);
  }
  return table;
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
