import type { ExportCursor } from './assets.repo';

/** A row of a keyset read: its id, and its date as the database writes it (to the microsecond). */
type KeysetRow = { id: string; cursorDate: string };

/**
 * The batches of a keyset read, each presented: the first from the start, each next one from the
 * last row of the one before. The next batch loads while this one is being written out; a batch
 * shorter than `batchSize` is the last.
 */
export async function* keysetBatches<Row extends KeysetRow, Presented>(
  read: (from: ExportCursor | null) => Promise<Row[]>,
  batchSize: number,
  present: (row: Row) => Presented,
): AsyncIterable<Presented[]> {
  let rows = await read(null);
  while (rows.length > 0) {
    const last = rows[rows.length - 1]!;
    const next = rows.length < batchSize ? Promise.resolve([]) : read({ date: last.cursorDate, id: last.id });
    next.catch(() => {}); // Surfaces below, when awaited; not as an unhandled rejection meanwhile.
    yield rows.map(present);
    rows = await next;
  }
}
