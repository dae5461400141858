import type { CacheDependency } from './cache';
import { assetCountChanges, assets, datasets } from './schema/index';

/**
 * The database NOTIFYs every change to the tables the server caches on one channel (triggers in
 * db/functions.sql). The payload is the table's name, then the parts of it that changed, or no
 * part when the whole table may have changed (a TRUNCATE, a statement touching more than 50):
 *
 *   assets              asset:<uuid>  dataset:<id>  public:<id>  (public: the public sees or saw it)
 *   datasets            dataset:<id>  shown:<id>                 (shown: its name or whether it is active)
 *   asset_count_changes dataset:<id>  public:<id>
 *   <any other table>   (no parts)
 *
 * This module is the one place that knows those words: cached reads name what invalidates them
 * with `invalidatedBy`, and what keeps its own copy reads a notification with `parseAssetChange`
 * and `shownDatasetIds`.
 */
export const CHANGE_CHANNEL = 'table_changed';

/** A notification: the table and the parts of it that changed (none: the whole table). */
export type Notification = { table: string; parts: string[] };

/** A notification, or `everything` when any change may have been missed (listening started or stopped). */
export type TableChange = Notification | 'everything';

export function parseNotification(payload: string): Notification | undefined {
  const [table, ...parts] = payload.split(' ');
  return table ? { table, parts } : undefined;
}

/** What a cached read depends on, as the triggers name it: a change to it invalidates the read. */
export const invalidatedBy = {
  /** One asset, its answers and its media. */
  asset: (id: string): CacheDependency => [assets, `asset:${id}`],
  /** A dataset's assets: those the public sees (`publicOnly`), or all of them. */
  datasetAssets: (datasetId: number, publicOnly: boolean): CacheDependency => [
    assets,
    `${publicOnly ? 'public' : 'dataset'}:${datasetId}`,
  ],
  /** Any change of the dataset's row. */
  dataset: (datasetId: number): CacheDependency => [datasets, `dataset:${datasetId}`],
  /** What assets and filter panels show of their dataset: its three names and whether it is active. */
  shownDataset: (datasetId: number): CacheDependency => [datasets, `shown:${datasetId}`],
  /** The counts of a dataset's assets (the public's: its approved ones), as changes to them are appended. */
  datasetAssetCounts: (datasetId: number, publicOnly: boolean): CacheDependency => [
    assetCountChanges,
    `${publicOnly ? 'public' : 'dataset'}:${datasetId}`,
  ],
};

/** Which asset an `assets` notification names, and the dataset where the public sees (or saw) it. */
export function parseAssetChange(parts: string[]): { assetId?: string; publicDatasetId?: number } {
  const valueOf = (word: string) => parts.find((part) => part.startsWith(`${word}:`))?.slice(word.length + 1);
  const publicDataset = valueOf('public');
  return {
    assetId: valueOf('asset'),
    publicDatasetId: publicDataset === undefined ? undefined : Number(publicDataset),
  };
}

/** The datasets whose name or activity a `datasets` notification names. */
export function shownDatasetIds(parts: string[]): number[] {
  return parts.filter((part) => part.startsWith('shown:')).map((part) => Number(part.slice('shown:'.length)));
}
