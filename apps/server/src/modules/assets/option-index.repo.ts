import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { type AssetListing, ID_BYTES, type IndexedAsset } from './option-index';

/** The date to the microsecond: a double holds it exactly. */
const dateMicros = sql<number>`(extract(epoch from ${assets.date}) * 1000000)::float8`;

/**
 * A dataset's approved assets, for its option index, and whether the dataset is active. The
 * database packs them into one binary value (each asset's uuid, date and `array_send` of its
 * options): one value to decode instead of a row of parsed columns and an array per asset, which
 * cost three times as long for 85,000 assets.
 */
export async function selectAssetListing(
  db: Executor,
  datasetId: number,
): Promise<{ active: boolean; listing: AssetListing }> {
  const [row] = await db
    .select({
      packed: sql<Buffer | null>`string_agg(uuid_send(${assets.id}) || float8send(${dateMicros}) || array_send(${assets.optionIds}), ''::bytea)`,
    })
    .from(assets)
    .where(and(eq(assets.datasetId, datasetId), eq(assets.status, 'APPROVED')));
  return { active: await isDatasetActive(db, datasetId), listing: unpack(row?.packed ?? Buffer.alloc(0)) };
}

/** Reads what selectAssetListing packed; `array_send` writes ndim, a null flag and the element type, each dimension's length and lower bound, then each element's length and value. */
function unpack(packed: Buffer): AssetListing {
  const ids: number[] = [];
  const dates: number[] = [];
  const optionStarts = [0];
  const optionIds: number[] = [];
  let at = 0;
  while (at < packed.length) {
    ids.push(at);
    at += ID_BYTES;
    dates.push(packed.readDoubleBE(at));
    at += 8;
    const dimensions = packed.readInt32BE(at);
    at += 12;
    const elements = dimensions === 0 ? 0 : packed.readInt32BE(at);
    at += dimensions * 8;
    for (let i = 0; i < elements; i++) {
      const length = packed.readInt32BE(at);
      if (length === 4) optionIds.push(packed.readInt32BE(at + 4));
      at += 4 + Math.max(length, 0);
    }
    optionStarts.push(optionIds.length);
  }
  const listing: AssetListing = {
    count: ids.length,
    ids: new Uint8Array(ids.length * ID_BYTES),
    dates: Float64Array.from(dates),
    optionStarts: Int32Array.from(optionStarts),
    optionIds: Int32Array.from(optionIds),
  };
  ids.forEach((start, i) => listing.ids.set(packed.subarray(start, start + ID_BYTES), i * ID_BYTES));
  return listing;
}

/** The assets of these ids that still exist, with the dataset and status that decide whether the public sees them. */
export async function selectIndexedAssets(
  db: Executor,
  ids: string[],
): Promise<(IndexedAsset & { datasetId: number; status: string })[]> {
  return db
    .select({
      id: assets.id,
      dateMicros: dateMicros.mapWith(Number),
      optionIds: assets.optionIds,
      datasetId: assets.datasetId,
      status: assets.status,
    })
    .from(assets)
    .where(sql`${assets.id} = any(${sql.param(ids)}::uuid[])`);
}

export async function isDatasetActive(db: Executor, datasetId: number): Promise<boolean> {
  const [row] = await db.select({ active: datasets.isActive }).from(datasets).where(eq(datasets.id, datasetId));
  return row?.active ?? false;
}
