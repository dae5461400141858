/**
 * The batches of a keyset read, each presented: the first from the start, each next one after the
 * last row of the one before (its rows carry what the read resumes from). The next batch loads
 * while this one is being written out; a batch shorter than `batchSize` is the last.
 */
export async function* keysetBatches<Row, Presented>(
  read: (after: Row | null) => Promise<Row[]>,
  batchSize: number,
  present: (row: Row) => Presented,
): AsyncIterable<Presented[]> {
  let rows = await read(null);
  while (rows.length > 0) {
    const next = rows.length < batchSize ? Promise.resolve([]) : read(rows[rows.length - 1]!);
    next.catch(() => {}); // Surfaces below, when awaited; not as an unhandled rejection meanwhile.
    yield rows.map(present);
    rows = await next;
  }
}
