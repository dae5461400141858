import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { type AssetListing, ID_BYTES, type IndexedAsset } from './option-index';

/** The date to the microsecond: a double holds it exactly. */
const dateMicros = sql<number>`(extract(epoch from ${assets.date}) * 1000000)::float8`;

/**
 * A dataset's approved assets, for its option index, and whether the dataset is active. The
 * database packs them into a few binary values (each asset's uuid, date and `array_send` of its
 * options, grouped by the uuid's first byte so that no value grows past a few hundred kB): a few
 * values to decode instead of a row of parsed columns and an array per asset, which took three times
 * as long for 85,000 assets.
 */
export async function selectAssetListing(
  db: Executor,
  datasetId: number,
): Promise<{ active: boolean; listing: AssetListing }> {
  const rows = await db
    .select({
      packed: sql<Buffer>`string_agg(uuid_send(${assets.id}) || float8send(${dateMicros}) || array_send(${assets.optionIds}), ''::bytea)`,
    })
    .from(assets)
    .where(and(eq(assets.datasetId, datasetId), eq(assets.status, 'APPROVED')))
    .groupBy(sql`get_byte(uuid_send(${assets.id}), 0)`);
  return { active: await isDatasetActive(db, datasetId), listing: unpack(rows.map((row) => row.packed)) };
}

/**
 * Reads what selectAssetListing packed, in two passes (count, then fill) so that nothing but the
 * listing's own arrays is allocated. `array_send` writes the number of dimensions, a null flag and
 * the element type, then each dimension's length and lower bound, then each element's length and value.
 */
function unpack(packs: Buffer[]): AssetListing {
  let count = 0;
  let options = 0;
  for (const pack of packs)
    walk(
      pack,
      () => count++,
      () => options++,
    );
  const listing: AssetListing = {
    count,
    ids: new Uint8Array(count * ID_BYTES),
    dates: new Float64Array(count),
    optionStarts: new Int32Array(count + 1),
    optionIds: new Int32Array(options),
  };
  let asset = 0;
  let option = 0;
  for (const pack of packs) {
    walk(
      pack,
      (at) => {
        listing.ids.set(pack.subarray(at, at + ID_BYTES), asset * ID_BYTES);
        listing.dates[asset] = pack.readDoubleBE(at + ID_BYTES);
        listing.optionStarts[++asset] = option;
      },
      (at) => {
        listing.optionIds[option] = pack.readInt32BE(at);
        listing.optionStarts[asset] = ++option;
      },
    );
  }
  return listing;
}

/** Calls `onAsset` with where each asset starts in `pack`, then `onOption` with where each of its options' values is. */
function walk(pack: Buffer, onAsset: (at: number) => void, onOption: (at: number) => void) {
  let at = 0;
  while (at < pack.length) {
    onAsset(at);
    at += ID_BYTES + 8;
    const dimensions = pack.readInt32BE(at);
    const elements = dimensions === 0 ? 0 : pack.readInt32BE(at + 12);
    at += 12 + dimensions * 8;
    for (let i = 0; i < elements; i++) {
      const length = pack.readInt32BE(at);
      if (length === 4) onOption(at + 4);
      at += 4 + Math.max(length, 0);
    }
  }
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
