import { parentPort, workerData } from 'node:worker_threads';
import { readCsv } from './csv-reader';
import { type Sheet, SheetRefusal } from './sheet-table';
import { readXlsx } from './xlsx-reader';

/** What spreadsheet.ts sends the worker. */
export type SheetJob = { kind: 'xlsx' | 'csv'; file: Uint8Array };
/** What the worker answers: 'reading' once its code has loaded, then the sheet or why not. */
export type SheetMessage =
  'reading' | { sheet: Sheet } | { refusal: { code: string; message: string; status: 400 | 413 } };

/** Reads one file away from the thread that serves requests (see spreadsheet.ts). */
const { kind, file } = workerData as SheetJob;
const send = (message: SheetMessage) => parentPort!.postMessage(message);
send('reading');
try {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  send({ sheet: kind === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes) });
} catch (error) {
  if (!(error instanceof SheetRefusal)) throw error;
  const { code, message, status } = error;
  send({ refusal: { code, message, status } });
}
