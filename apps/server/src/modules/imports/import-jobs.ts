/** How far a running import is: rows written of all. */
export type ImportProgress = { processedRows: number; totalRows: number };

/**
 * The imports this server process is running. A run is one transaction, so its progress lives
 * only here: if the process stops, the transaction is rolled back and the import stays ready.
 */
export class ImportJobs {
  readonly #running = new Map<string, { progress: ImportProgress; done: Promise<void> }>();

  progressOf(id: string): ImportProgress | undefined {
    return this.#running.get(id)?.progress;
  }

  /** Starts `work` unless this import is already running; false when it is. */
  start(id: string, totalRows: number, work: (report: (processedRows: number) => void) => Promise<void>): boolean {
    if (this.#running.has(id)) return false;
    const progress = { processedRows: 0, totalRows };
    const done = work((processedRows) => {
      progress.processedRows = processedRows;
    }).finally(() => this.#running.delete(id));
    this.#running.set(id, { progress, done });
    return true;
  }

  /** Resolves once every running import has finished (before the database closes). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#running.values()].map((job) => job.done));
  }
}
