import { Worker } from 'node:worker_threads';
import { AppError, serviceUnavailable } from '../../errors';
import type { Sheet } from './sheet-table';
import type { SheetJob, SheetMessage, SheetReads } from './sheet-worker';
import type { NamedSheet } from './xlsx-reader';

export type { Sheet } from './sheet-table';
export type { NamedSheet } from './xlsx-reader';

/**
 * How long reading one file may take, from when the worker has loaded: a 50,000-row register takes
 * about 3 s on a 2-core machine, twice that when it is busy; every hostile file the limits know is
 * refused well within a second.
 */
const READ_TIME_LIMIT_MS = 10_000;
/** The worker's JavaScript heap: well above a 50,000-row register, far below what would hurt the server. */
const WORKER_HEAP_MB = 256;
/** Files read at once; more wait for a moment (503), so a burst of uploads cannot add up. */
const MAX_PARALLEL_READS = 2;

/**
 * The worker: sheet-worker.js beside the bundle (bundle.mjs builds it), or from source under tsx
 * and Vitest, started through a file that loads TypeScript.
 */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./sheet-worker-source.mjs', import.meta.url)
  : new URL('./sheet-worker.js', import.meta.url);

let reading = 0;

/**
 * The first worksheet of an XLSX file, or a CSV file, as text (see xlsx-reader.ts and
 * csv-reader.ts). It is read in a worker thread with a heap and a time limit of its own, so a
 * hostile file costs a 400 or 413 naming the reason, never the server's memory or its event loop.
 * Tests shorten `timeLimitMs`.
 */
export function readSheet(kind: 'xlsx' | 'csv', file: Buffer, timeLimitMs = READ_TIME_LIMIT_MS): Promise<Sheet> {
  return readInWorker(kind, file, timeLimitMs);
}

/** Every worksheet of an XLSX workbook by name (see readXlsxSheets), read as readSheet reads one. */
export function readWorkbook(file: Buffer, timeLimitMs = READ_TIME_LIMIT_MS): Promise<NamedSheet[]> {
  return readInWorker('workbook', file, timeLimitMs);
}

async function readInWorker<Kind extends SheetJob['kind']>(
  kind: Kind,
  file: Buffer,
  timeLimitMs: number,
): Promise<SheetReads[Kind]> {
  if (reading >= MAX_PARALLEL_READS) {
    throw serviceUnavailable('try_again', 'Other files are being read. Please try again in a moment.');
  }
  reading++;
  const worker = new Worker(WORKER_URL, {
    workerData: { kind, file } satisfies SheetJob,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<SheetReads[Kind]>((resolve, reject) => {
      // Timed from when the worker starts reading: loading its code (slow under tsx) is not the file's doing.
      worker.on('message', (message: SheetMessage) => {
        if (message === 'reading') {
          const tooLong = `Reading the file took longer than ${timeLimitMs / 1000} s; split it into smaller files`;
          timer = setTimeout(() => reject(refused(413, 'parse_timeout', tooLong)), timeLimitMs);
        } else if ('read' in message) {
          // The worker reads what `kind` asks for.
          resolve(message.read as SheetReads[Kind]);
        } else {
          reject(refused(message.refusal.status, message.refusal.code, message.refusal.message));
        }
      });
      worker.once('error', (error: Error & { code?: string }) => {
        const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        reject(outOfMemory ? refused(413, 'file_too_large_unpacked', TOO_MUCH_TO_READ) : error);
      });
      worker.once('exit', (code) => reject(new Error(`The spreadsheet worker stopped (exit code ${code})`)));
    });
  } finally {
    clearTimeout(timer);
    reading--;
    void worker.terminate();
  }
}

const TOO_MUCH_TO_READ = 'The file holds more than can be read at once; split it into smaller files';

const refused = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { field: 'file' });
