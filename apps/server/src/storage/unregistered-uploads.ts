import type { FastifyInstance } from 'fastify';
import type { WritableBlobStore } from './blob-store';

/**
 * Uploads never registered are removed once they are this old. A grant lives a few hours at most
 * (GRANT_MAX_SECONDS) and the page registers a file as soon as it is sent, so a day leaves a
 * collector who lost the connection in between ample time to come back and list it.
 */
export const UNREGISTERED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60_000;

/** How often each server looks for them; several servers sweeping at once only find less to do. */
export const SWEEP_INTERVAL_MS = 60 * 60_000;

/** The first sweep after start, so a server restarted more often than hourly still sweeps. */
const FIRST_SWEEP_DELAY_MS = 5 * 60_000;

/** Files handed to a registry at once: bounds one statement's parameters and one pass's memory. */
const SWEEP_BATCH = 500;

/**
 * A module that grants uploads under `prefix` and knows which of its files were registered: it
 * removes those of the given files (all under its prefix, stored before the cut-off) that never
 * were, each under the lock its registration takes, so a file is never removed while it is being
 * registered, and resolves with how many it removed.
 */
export type UploadRegistry = {
  readonly prefix: string;
  removeUnregistered(paths: string[]): Promise<number>;
};

/** One pass over one registry's files stored before `now - UNREGISTERED_UPLOAD_MAX_AGE_MS`; resolves with how many went. */
export async function sweepUnregisteredUploads(
  blobs: WritableBlobStore,
  registry: UploadRegistry,
  now = Date.now(),
): Promise<number> {
  const cutOff = new Date(now - UNREGISTERED_UPLOAD_MAX_AGE_MS);
  let removed = 0;
  let batch: string[] = [];
  for await (const path of blobs.listStoredBefore(registry.prefix, cutOff)) {
    batch.push(path);
    if (batch.length === SWEEP_BATCH) {
      removed += await registry.removeUnregistered(batch);
      batch = [];
    }
  }
  if (batch.length > 0) removed += await registry.removeUnregistered(batch);
  return removed;
}

/**
 * Removes uploads that were never registered, every SWEEP_INTERVAL_MS (the first a few minutes
 * after start): a grant that was used but whose file was never listed, or an upload abandoned
 * half-way, would otherwise take room for ever. A failed pass is logged and tried again next time.
 */
export class UnregisteredUploadSweep {
  private readonly firstTimer: NodeJS.Timeout;
  private readonly timer: NodeJS.Timeout;
  private sweeping: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly blobs: WritableBlobStore,
    private readonly registry: UploadRegistry,
    private readonly log: { error: (error: unknown) => void; removed: (count: number) => void },
  ) {
    this.firstTimer = setTimeout(() => void this.sweep(), FIRST_SWEEP_DELAY_MS);
    this.firstTimer.unref();
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  /** One pass after any under way; resolves with how many files it removed (0 when it failed). */
  sweep(now?: number): Promise<number> {
    this.sweeping = this.sweeping.then(() =>
      sweepUnregisteredUploads(this.blobs, this.registry, now).then(
        (removed) => {
          if (removed > 0) this.log.removed(removed);
          return removed;
        },
        (error: unknown) => {
          this.log.error(error);
          return 0;
        },
      ),
    );
    return this.sweeping;
  }

  async close(): Promise<void> {
    clearTimeout(this.firstTimer);
    clearInterval(this.timer);
    await this.sweeping;
  }
}

/** Sweeps one kind of upload (`what`: media, guideline) while the server runs, logging what it does. */
export function startUploadSweep(
  app: FastifyInstance,
  blobs: WritableBlobStore,
  registry: UploadRegistry,
  what: string,
) {
  const sweep = new UnregisteredUploadSweep(blobs, registry, {
    error: (error) => app.log.error({ err: error }, `could not remove unregistered ${what} uploads`),
    removed: (count) => app.log.info({ count }, `removed ${what} uploads never registered`),
  });
  app.addHook('onClose', () => sweep.close());
}
