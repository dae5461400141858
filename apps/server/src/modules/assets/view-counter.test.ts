import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { assets, recentAssetViews } from '../../db/schema/index';
import { createAsset, createDataset, createSurvey } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { listedAssetColumns } from '../asset-search';
import { VIEWS_PER_STATEMENT, ViewCounter } from './view-counter';

/**
 * Views are counted in memory and written a hundred assets to a statement, then moved into the
 * assets' own counts, which order lists by views: a visitor must find every view in the count however
 * many assets were viewed in between and whether or not they were moved, and a write that fails must
 * lose none.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function manyAssets(count: number) {
  const dataset = await createDataset(database.db);
  const survey = await createSurvey(database.db);
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id }));
  return made.map((asset) => asset.id);
}

/** What a visitor is shown, and (moved) what orders lists by views. */
const viewCounts = async (ids: string[], which: 'shown' | 'moved' = 'shown') =>
  new Map(
    (
      await database.db
        .select({ id: assets.id, views: which === 'shown' ? listedAssetColumns.viewCount : assets.viewCount })
        .from(assets)
        .where(inArray(assets.id, ids))
    ).map((row) => [row.id, row.views]),
  );

const noErrors = (error: unknown) => {
  throw error;
};

/** More assets than one statement holds, viewed once, twice, … up to `cycle` times in turn, on a new counter. */
async function viewedAssets(cycle: number) {
  const ids = await manyAssets(VIEWS_PER_STATEMENT * 2 + 5);
  const views = new ViewCounter(database.db, noErrors);
  ids.forEach((id, i) => {
    for (let n = 0; n <= i % cycle; n++) views.record(id);
  });
  return { ids, views, expected: ids.map((_, i) => (i % cycle) + 1) };
}

describe('ViewCounter', () => {
  it('writes the views of more assets than one statement holds, each once', async () => {
    const { ids, views, expected } = await viewedAssets(3);
    await views.close();
    const counts = await viewCounts(ids);
    expect(ids.map((id) => counts.get(id))).toEqual(expected);
    expect(ids.map((id) => views.written(id))).toEqual(expected);
  });

  it('writes the statements that succeed and keeps the views of one that failed for the next attempt', async () => {
    const ids = await manyAssets(VIEWS_PER_STATEMENT + 10);
    const errors: unknown[] = [];
    const views = new ViewCounter(database.db, (error) => errors.push(error));
    for (const id of ids) views.record(id);
    // Not an asset id: the statement holding it fails (ids are checked before they are counted, so only a test sends one).
    views.record('not-a-uuid');
    await views.flush();
    expect(errors).toHaveLength(1);
    const counts = await viewCounts(ids);
    expect(ids.slice(0, VIEWS_PER_STATEMENT).every((id) => counts.get(id) === 1 && views.written(id) === 1)).toBe(true);
    expect(ids.slice(VIEWS_PER_STATEMENT).every((id) => counts.get(id) === 0 && views.unwritten(id) === 1)).toBe(true);
  });

  it('moves written views into the counts that order lists, every one once, and drops those of deleted assets', async () => {
    const { ids, views, expected } = await viewedAssets(4);
    await views.flush();
    // A view of an asset deleted before its views were moved.
    const [deleted] = await manyAssets(1);
    views.record(deleted!);
    await views.flush();
    await database.db.delete(assets).where(eq(assets.id, deleted!));

    expect([...(await viewCounts(ids, 'moved')).values()].every((count) => count === 0)).toBe(true);
    await views.moveIntoAssets();
    const [moved, shown] = [await viewCounts(ids, 'moved'), await viewCounts(ids)];
    expect(ids.map((id) => moved.get(id))).toEqual(expected);
    expect(ids.map((id) => shown.get(id))).toEqual(expected);
    const left = await database.db
      .select()
      .from(recentAssetViews)
      .where(inArray(recentAssetViews.assetId, [...ids, deleted!]));
    expect(left).toEqual([]);

    // Views written after the move add to the moved ones.
    views.record(ids[0]!);
    await views.close();
    expect((await viewCounts([ids[0]!])).get(ids[0]!)).toBe(2);
    expect((await viewCounts([ids[0]!], 'moved')).get(ids[0]!)).toBe(1);
  });
});
