import type { DocumentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';
import { formatCsvDate, neutraliseFormula, type TableCell, tableColumns, tableRow } from './table-rows';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. Text that a
 * spreadsheet would run as a formula is neutralised first (see neutraliseFormula), headers included.
 */
export function csvField(cell: TableCell): string {
  if (typeof cell === 'string') {
    const text = neutraliseFormula(cell);
    return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return formatCsvDate(cell);
}

/** One CRLF-terminated line; a loop rather than map and join, as it runs once per exported asset. */
export function csvLine(cells: readonly TableCell[]): string {
  let line = csvField(cells[0] ?? null);
  for (let index = 1; index < cells.length; index++) line += `,${csvField(cells[index] ?? null)}`;
  return `${line}\r\n`;
}

/** The dataset export as CSV chunks (see csvTableChunks): fixed columns, then one per question. */
export function csvChunks(
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
  texts: DocumentTexts,
): AsyncGenerator<string> {
  const headers = tableColumns(columns, texts).map((column) => column.header);
  return csvTableChunks(headers, batches, (row) => tableRow(row, columns, texts));
}

/**
 * A CSV file as chunks: the BOM and header row first, then one chunk per batch of rows, so the
 * consumer pulls batch after batch (Readable.from respects backpressure) and no more than one batch
 * is held in memory.
 */
export async function* csvTableChunks<Row>(
  headers: readonly string[],
  batches: AsyncIterable<readonly Row[]>,
  cellsOf: (row: Row) => readonly TableCell[],
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(headers);
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    let chunk = '';
    for (const row of batch) chunk += csvLine(cellsOf(row));
    yield chunk;
  }
}
