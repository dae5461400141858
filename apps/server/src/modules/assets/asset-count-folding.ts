import type { Executor } from '../../db/client';
import { foldCountChanges } from './asset-counts.repo';

/**
 * How often each server folds the appended count changes (db/schema/asset-counts.ts): the changes
 * a reader of the counts adds up stay about as many as the writes of this long.
 */
export const FOLD_INTERVAL_MS = 1_000;

/**
 * Folds appended count changes into the totals every FOLD_INTERVAL_MS, and once more when the
 * server closes. Readers are exact either way: folding only keeps the changes they add up few.
 */
export class AssetCountFolding {
  private readonly timer: NodeJS.Timeout;
  private folding: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.fold(), FOLD_INTERVAL_MS);
    this.timer.unref();
  }

  /** One fold after those under way; a failed fold leaves its changes for the next. */
  fold(): Promise<void> {
    this.folding = this.folding.then(() => foldCountChanges(this.db).then(() => undefined, this.log));
    return this.folding;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.fold();
  }
}
