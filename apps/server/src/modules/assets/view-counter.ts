import type { Executor } from '../../db/client';
import { addViews, moveRecentViews } from './assets.repo';

/** How long views wait in memory before they are written together. */
const FLUSH_INTERVAL_MS = 2_000;

/**
 * How often written views are moved into the assets' view counts, which order the lists by views:
 * that order is at most this old. Moving rewrites the asset's row and index entries once, however
 * many views it had meanwhile.
 */
export const MOVE_INTERVAL_MS = 5 * 60_000;

/** Assets whose written views are remembered (see `written`) before the tally starts again. */
const MAX_TALLIED_ASSETS = 100_000;

/**
 * Assets whose views one statement writes or moves. Moving rewrites the asset's row and index entries
 * (about 0.4 ms each): on the embedded database, which runs on the server's own thread, a statement
 * of 900 held every other call for 350 ms; a hundred hold them for about 40.
 */
export const VIEWS_PER_STATEMENT = 100;

/**
 * Counts asset views in memory and writes them in one statement every two seconds (and when the
 * server closes). A view is not worth a row update and a WAL flush of its own: under load that
 * made every asset detail a write. What a crash can lose is at most the last two seconds of views.
 * They are written to recentAssetViews and moved into the assets' own counts every MOVE_INTERVAL_MS
 * (by whichever servers are running: each moves rows the others are not moving).
 */
export class ViewCounter {
  private pending = new Map<string, number>();
  private writtenViews = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly moveTimer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private moving: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
    this.moveTimer = setInterval(() => void this.moveIntoAssets(), MOVE_INTERVAL_MS);
    this.moveTimer.unref();
  }

  record(assetId: string): void {
    this.pending.set(assetId, (this.pending.get(assetId) ?? 0) + 1);
  }

  /** Views of the asset not yet written, so a reader sees the count including their own view. */
  unwritten(assetId: string): number {
    return this.pending.get(assetId) ?? 0;
  }

  /**
   * Views of the asset this counter has written so far: a copy of the asset read earlier (a cached
   * read) adds those written since. The tally starts again after MAX_TALLIED_ASSETS assets, which
   * can make such a copy undercount until it is read again.
   */
  written(assetId: string): number {
    return this.writtenViews.get(assetId) ?? 0;
  }

  /** Writes the pending views, VIEWS_PER_STATEMENT at a time; those a failed write leaves wait for the next attempt. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const pending = [...this.pending];
      this.pending = new Map();
      for (let start = 0; start < pending.length; start += VIEWS_PER_STATEMENT) {
        const batch = new Map(pending.slice(start, start + VIEWS_PER_STATEMENT));
        try {
          await addViews(this.db, batch);
        } catch (error) {
          for (const [assetId, views] of pending.slice(start))
            this.pending.set(assetId, views + this.unwritten(assetId));
          this.log(error);
          return;
        }
        if (this.writtenViews.size + batch.size > MAX_TALLIED_ASSETS) this.writtenViews.clear();
        for (const [assetId, views] of batch) this.writtenViews.set(assetId, this.written(assetId) + views);
      }
    });
    return this.flushing;
  }

  /** Moves every written view into its asset's count (moveViewsIntoAssets). */
  moveIntoAssets(): Promise<void> {
    this.moving = this.moving.then(() => moveViewsIntoAssets(this.db).then(() => undefined, this.log));
    return this.moving;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.moveTimer);
    await Promise.all([this.flush(), this.moving]);
  }
}

/** Moves every written view into its asset's count, VIEWS_PER_STATEMENT assets at a time; answers how many assets. */
export async function moveViewsIntoAssets(db: Executor): Promise<number> {
  let total = 0;
  let moved;
  do {
    moved = await moveRecentViews(db, VIEWS_PER_STATEMENT);
    total += moved;
  } while (moved === VIEWS_PER_STATEMENT);
  return total;
}
