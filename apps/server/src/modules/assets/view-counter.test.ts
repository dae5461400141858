import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { assets } from '../../db/schema/index';
import { createAsset, createDataset, createSurvey } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { VIEWS_PER_STATEMENT, ViewCounter } from './view-counter';

/**
 * Views are counted in memory and written a hundred assets to a statement: a visitor must find every
 * view in the count however many assets were viewed in between, and a write that fails must lose none.
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

const viewCounts = async (ids: string[]) =>
  new Map(
    (
      await database.db.select({ id: assets.id, views: assets.viewCount }).from(assets).where(inArray(assets.id, ids))
    ).map((row) => [row.id, row.views]),
  );

describe('ViewCounter', () => {
  it('writes the views of more assets than one statement holds, each once', async () => {
    const ids = await manyAssets(VIEWS_PER_STATEMENT * 2 + 5);
    const views = new ViewCounter(database.db, (error) => {
      throw error;
    });
    ids.forEach((id, i) => {
      for (let n = 0; n <= i % 3; n++) views.record(id);
    });
    await views.close();
    const counts = await viewCounts(ids);
    expect(ids.map((id) => counts.get(id))).toEqual(ids.map((_, i) => (i % 3) + 1));
    expect(ids.map((id) => views.written(id))).toEqual(ids.map((_, i) => (i % 3) + 1));
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
});
