import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import type { DocumentTexts } from './document-texts';
import { drained, type LooseWritable } from './drain';
import type { ExportColumn, ExportRow } from './export-types';
import { tableColumns, tableRow } from './table-rows';

export type XlsxInput = {
  sheetName: string;
  columns: readonly ExportColumn[];
  batches: AsyncIterable<ExportRow[]>;
  texts: DocumentTexts;
};

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
const COORDINATE_FORMAT = '0.000000';

/**
 * Streams one worksheet into `target` with exceljs's streaming writer: a bold, frozen header row,
 * then the rows batch by batch, each committed (serialised and let go) as it is added. Between
 * batches it waits while `target` is full, so a slow download slows the database reads instead of
 * piling rows up in memory. Ends `target` when done.
 */
export async function writeXlsx(target: Writable, { sheetName, columns, batches, texts }: XlsxInput): Promise<void> {
  // Loaded when a workbook is first written, not at start: about 20 MB the server need not hold until then.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: target,
    useStyles: true,
    useSharedStrings: false,
    // Fast deflate: the export is paced by the zip, and level 1 is several times quicker than the
    // default for a file only a little larger.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = texts.platform;
  workbook.lastModifiedBy = texts.platform;

  const table = tableColumns(columns, texts);
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  const columnStyles: Partial<ExcelJS.Style>[] = table.map((column) =>
    column.kind === 'date' ? { numFmt: DATE_FORMAT } : column.kind === 'number' ? { numFmt: COORDINATE_FORMAT } : {},
  );
  sheet.columns = table.map((column, index) => ({ width: column.width, style: columnStyles[index]! }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.length } };

  const header = sheet.addRow(table.map((column) => column.header));
  header.font = { bold: true };
  header.commit();

  for await (const batch of batches) {
    for (const asset of batch) {
      const values = tableRow(asset, columns, texts);
      const row = sheet.addRow(values);
      // One style object per column: exceljs recognises an object it has seen and skips re-deriving
      // the style id for every cell, the largest cost of a big sheet.
      values.forEach((value, index) => {
        if (value !== null) row.getCell(index + 1).style = columnStyles[index]!;
      });
      row.commit();
    }
    // Wait while the zip is behind (it deflates more slowly than rows are made), then while the reader is.
    for (const entry of sheetEntryStreams(sheet)) await drained(entry, target);
    await nextTurn();
    await drained(target);
  }

  sheet.commit();
  await workbook.commit();
}

/**
 * Where exceljs's streaming sheet hands its XML to the zip: the sheet's buffer writes into archiver's
 * entry stream without heeding backpressure, so that stream's fill level is the one that tells
 * whether the deflater keeps up. exceljs does not type this (hence the narrowing); if a later version
 * changes it, pacing falls back to the response alone.
 */
function sheetEntryStreams(sheet: ExcelJS.Worksheet): LooseWritable[] {
  const { stream } = sheet as unknown as { stream?: { pipes?: unknown } };
  const pipes = stream?.pipes;
  return Array.isArray(pipes)
    ? pipes.filter((pipe): pipe is LooseWritable => typeof (pipe as LooseWritable | null)?.on === 'function')
    : [];
}

/** Excel's rules: at most 31 characters, none of : \ / ? * [ ]. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || 'Data';
}
