import { parentPort, workerData } from 'node:worker_threads';
import { readCsv } from './csv-reader';
import { type Sheet, SheetRefusal } from './sheet-table';
import { type NamedSheet, readXlsx, readXlsxSheets } from './xlsx-reader';

/** What each kind of job reads: the first sheet of an XLSX or a CSV file, or every sheet of a workbook. */
export type SheetReads = { xlsx: Sheet; csv: Sheet; workbook: NamedSheet[] };
/** What spreadsheet.ts sends the worker. */
export type SheetJob = { kind: keyof SheetReads; file: Uint8Array };
/** What the worker answers: 'reading' once its code has loaded, then what it read or why not. */
export type SheetMessage =
  | 'reading'
  | { read: SheetReads[keyof SheetReads] }
  | { refusal: { code: string; message: string; status: 400 | 413 } };

const readers: { [Kind in keyof SheetReads]: (file: Buffer) => SheetReads[Kind] | Promise<SheetReads[Kind]> } = {
  xlsx: readXlsx,
  csv: readCsv,
  workbook: readXlsxSheets,
};

/** Reads one file away from the thread that serves requests (see spreadsheet.ts). */
const { kind, file } = workerData as SheetJob;
const send = (message: SheetMessage) => parentPort!.postMessage(message);
send('reading');
try {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  send({ read: await readers[kind](bytes) });
} catch (error) {
  if (!(error instanceof SheetRefusal)) throw error;
  const { code, message, status } = error;
  send({ refusal: { code, message, status } });
}
