import type { RiskLevel } from '@trashegimia/contract/assets';
import { type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { shownRiskLevel } from './points.repo';
import type { MapPoint } from './map-columns';
import { type AssetListing, ID_BYTES, type IndexedAsset } from './option-index';
import { Turns } from './sort-in-slices';

/** The date to the microsecond: a double holds it exactly. */
const dateMicros = sql<number>`(extract(epoch from ${assets.date}) * 1000000)::float8`;

/** A text packed as its length in bytes and its UTF-8 (-1 and nothing for null), as `unpack` reads it. */
const packedText = (text: SQLWrapper) =>
  sql`coalesce(int4send(octet_length(convert_to(${text}, 'UTF8'))) || convert_to(${text}, 'UTF8'), int4send(-1))`;

/** A double packed, null as NaN (which is not on any map either). */
const packedDouble = (value: SQLWrapper) => sql`float8send(coalesce(${value}, 'NaN'))`;

/** What a map shows of an asset, packed after its options, in MapPoint's order. */
const packedPoint = sql.join(
  [
    packedDouble(assets.latitude),
    packedDouble(assets.longitude),
    ...[assets.name, assets.municipality, assets.village, assets.risk, shownRiskLevel].map(packedText),
  ],
  sql` || `,
);

/**
 * A dataset's approved assets, for its option index, and whether the dataset is active. The
 * database packs them into a few binary values (each asset's uuid, date, `array_send` of its
 * options and its map point, grouped by the uuid's first byte so that no value grows past a few
 * hundred kB): a few values to decode instead of a row of parsed columns and an array per asset,
 * which took three times as long for 85,000 assets.
 */
export async function selectAssetListing(
  db: Executor,
  datasetId: number,
): Promise<{ active: boolean; listing: AssetListing }> {
  const rows = await db
    .select({
      packed: sql<Buffer>`string_agg(uuid_send(${assets.id}) || float8send(${dateMicros}) || array_send(${assets.optionIds}) || ${packedPoint}, ''::bytea)`,
    })
    .from(assets)
    .where(and(eq(assets.datasetId, datasetId), eq(assets.status, 'APPROVED')))
    .groupBy(sql`get_byte(uuid_send(${assets.id}), 0)`);
  return { active: await isDatasetActive(db, datasetId), listing: await unpack(rows.map((row) => row.packed)) };
}

/**
 * Reads what selectAssetListing packed, in two passes (count, then fill) so that nothing but the
 * listing's own arrays and map points is allocated, in turns (sort-in-slices.ts) so that requests
 * are served meanwhile. `array_send` writes the number of dimensions, a
 * null flag and the element type, then each dimension's length and lower bound, then each
 * element's length and value.
 */
async function unpack(packs: Buffer[]): Promise<AssetListing> {
  const turns = new Turns();
  let count = 0;
  let options = 0;
  for (const pack of packs) {
    if (turns.due) await turns.pause();
    walk(
      pack,
      () => count++,
      () => options++,
    );
  }
  const listing: AssetListing = {
    count,
    ids: new Uint8Array(count * ID_BYTES),
    dates: new Float64Array(count),
    optionStarts: new Int32Array(count + 1),
    optionIds: new Int32Array(options),
    points: new Array<MapPoint>(count),
  };
  let asset = 0;
  let option = 0;
  // Municipalities, villages and risks repeat: one string each, not one per asset.
  const sharedTexts = new Map<string, string>();
  for (const pack of packs) {
    if (turns.due) await turns.pause();
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
      (point) => (listing.points[asset - 1] = point),
      sharedTexts,
    );
  }
  return listing;
}

/**
 * Calls `onAsset` with where each asset starts in `pack`, `onOption` with where each of its options'
 * values is, then `onPoint` with its map point (read only when asked for), whose texts other than
 * the name are taken from `sharedTexts` when there, and put there when not.
 */
function walk(
  pack: Buffer,
  onAsset: (at: number) => void,
  onOption: (at: number) => void,
  onPoint?: (point: MapPoint) => void,
  sharedTexts = new Map<string, string>(),
) {
  let at = 0;
  const text = () => {
    const length = pack.readInt32BE(at);
    at += 4 + Math.max(length, 0);
    return length < 0 ? null : pack.toString('utf8', at - length, at);
  };
  const shared = () => {
    const read = text();
    if (read === null) return null;
    const known = sharedTexts.get(read);
    if (known !== undefined) return known;
    sharedTexts.set(read, read);
    return read;
  };
  const skipText = () => (at += 4 + Math.max(pack.readInt32BE(at), 0));
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
    const lat = pack.readDoubleBE(at);
    const lng = pack.readDoubleBE(at + 8);
    at += 16;
    if (!onPoint) {
      for (let i = 0; i < POINT_TEXTS; i++) skipText();
      continue;
    }
    onPoint({
      lat,
      lng,
      name: text(),
      municipality: shared(),
      village: shared(),
      risk: shared(),
      riskLevel: shared() as RiskLevel,
    });
  }
}

/** The texts packedPoint holds: name, municipality, village, risk and risk level. */
const POINT_TEXTS = 5;

/** The assets of these ids that still exist, with the dataset and status that decide whether the public sees them. */
export async function selectIndexedAssets(
  db: Executor,
  ids: string[],
): Promise<(IndexedAsset & { datasetId: number; status: string })[]> {
  const rows = await db
    .select({
      id: assets.id,
      dateMicros: dateMicros.mapWith(Number),
      optionIds: assets.optionIds,
      datasetId: assets.datasetId,
      status: assets.status,
      lat: assets.latitude,
      lng: assets.longitude,
      name: assets.name,
      municipality: assets.municipality,
      village: assets.village,
      risk: assets.risk,
      riskLevel: shownRiskLevel,
    })
    .from(assets)
    .where(sql`${assets.id} = any(${sql.param(ids)}::uuid[])`);
  return rows.map(({ lat, lng, name, municipality, village, risk, riskLevel, ...asset }) => ({
    ...asset,
    point: { lat, lng, name, municipality, village, risk, riskLevel },
  }));
}

export async function isDatasetActive(db: Executor, datasetId: number): Promise<boolean> {
  const [row] = await db.select({ active: datasets.isActive }).from(datasets).where(eq(datasets.id, datasetId));
  return row?.active ?? false;
}
