import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { assetCountChanges, assetCountTotals, assets } from '../../db/schema/index';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { countsReadAndCounted } from '../../test/asset-counts';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asUser } from '../../test/tokens';
import { foldCountChanges } from './asset-counts.repo';

/**
 * Dataset stats, the datasets' 'Asete' counts and the totals of unfiltered lists read the counts
 * (db/schema/asset-counts.ts), which writers append to and servers fold in the background. Were a
 * change lost or counted twice, a dataset would show more or fewer assets than it has.
 */
let database: DatabaseHandle;
let app: App;
let admin: Record<string, string>;
let collector: Record<string, string>;
let home: { id: number };
let elsewhere: { id: number };
let survey: { id: number };
let nameQuestion: { id: number };
let kindQuestion: { id: number };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  admin = await asAdmin(database.db);
  collector = await asUser(database.db);
  const db = database.db;
  home = await createDataset(db);
  elsewhere = await createDataset(db);
  survey = await createSurvey(db, { defaultDatasetId: home.id });
  nameQuestion = await createQuestion(db, survey.id, {
    questionNr: '1',
    questionType: 'TEXT',
    questionIdentifier: 'ASSET_NAME',
    titleXk: 'Emri',
  });
  kindQuestion = await createQuestion(db, survey.id, { questionNr: '2', titleXk: 'Lloji' });
  for (const value of ['Kullë', 'Xhami']) await createOption(db, kindQuestion.id, { value });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = admin) =>
  app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as object }) });

const expectOk = (response: { statusCode: number; body: string }) =>
  expect(response.statusCode, response.body).toBeLessThan(300);

async function submitOne(index: number) {
  expectOk(
    await call(
      'POST',
      '/api/collect/submissions',
      {
        surveyId: survey.id,
        uniqueId: randomUUID(),
        date: '2026-11-01T10:00:00.000Z',
        answers: [
          { questionId: nameQuestion.id, value: `Kulla ${index}` },
          { questionId: kindQuestion.id, value: index % 2 ? 'Kullë' : 'Xhami' },
        ],
      },
      collector,
    ),
  );
}

async function importRows(rows: number) {
  const csv = ['Emri;Lloji', ...Array.from({ length: rows }, (_, i) => `Importi ${i};Kullë`)].join('\n');
  const created = await app.inject({
    method: 'POST',
    url: `/api/imports?surveyId=${survey.id}&datasetId=${home.id}&fileName=counts.csv`,
    headers: { ...admin, 'content-type': IMPORT_CONTENT_TYPES.csv },
    payload: csv,
  });
  expectOk(created);
  const draft = created.json();
  expectOk(await call('POST', `/api/imports/${draft.id}/run`, { mapping: draft.suggestedMapping }));
  for (;;) {
    const current = (await call('GET', `/api/imports/${draft.id}`)).json();
    if (current.state === 'imported') return;
    expect(current.state, current.error).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function moveToElsewhere(id: string) {
  const detail = (await call('GET', `/api/surveys/assets/${id}`)).json();
  const moved = await call('PATCH', `/api/surveys/assets/${id}`, { version: detail.version, datasetId: elsewhere.id });
  // Another writer may have reviewed it since it was read: the edit is refused, nothing is counted.
  if (moved.statusCode !== 409) expectOk(moved);
}

describe('asset counts under concurrent writers', () => {
  it('match a fresh count of the assets while submissions, imports, reviews, edits, deletes and folds run at once', async () => {
    const db = database.db;
    const existing = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createAsset(db, { surveyId: survey.id, datasetId: home.id, status: i % 3 ? 'UPLOADED' : 'APPROVED' }),
      ),
    );
    const ids = existing.map((asset) => asset.id);

    let folding = true;
    const folds = (async () => {
      let folded = 0;
      // As often as the writers give way: PGlite answers without a turn of the event loop.
      while (folding) {
        folded += await foldCountChanges(db);
        await setImmediate();
      }
      return folded;
    })();
    await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => submitOne(i)),
      importRows(30),
      ...[0, 8, 16].map((start, i) =>
        call('PATCH', '/api/surveys/assets/status', {
          ids: ids.slice(start, start + 10),
          status: i % 2 ? 'REJECTED' : 'APPROVED',
        }).then(expectOk),
      ),
      ...ids
        .slice(26, 30)
        .map((id) => call('PATCH', `/api/surveys/assets/${id}/status`, { status: 'APPROVED' }).then(expectOk)),
      ...ids.slice(4, 12).map(moveToElsewhere),
      db.delete(assets).where(inArray(assets.id, ids.slice(34, 40))),
    ]);
    folding = false;
    expect(await folds, 'the background folds moved changes while the writers ran').toBeGreaterThan(0);

    const during = await countsReadAndCounted(db);
    expect(during.read).toEqual(during.counted);
    expect(
      during.counted.find((row) => row.datasetId === elsewhere.id),
      'some assets moved',
    ).toBeDefined();

    await foldCountChanges(db);
    expect(await db.select().from(assetCountChanges)).toEqual([]);
    const totals = await db
      .select({
        datasetId: assetCountTotals.datasetId,
        surveyId: assetCountTotals.surveyId,
        status: assetCountTotals.status,
        n: assetCountTotals.count,
      })
      .from(assetCountTotals)
      .where(sql`${assetCountTotals.count} <> 0 and ${assetCountTotals.surveyId} = ${survey.id}`)
      .orderBy(assetCountTotals.datasetId, assetCountTotals.surveyId, assetCountTotals.status);
    expect(totals).toEqual(during.counted.filter((row) => row.surveyId === survey.id));
  });

  it('fold nothing twice when servers fold at the same moment, and skip the changes of a dataset deleted since', async () => {
    const db = database.db;
    const gone = await createDataset(db);
    const asset = await createAsset(db, { surveyId: survey.id, datasetId: gone.id });
    for (let i = 0; i < 5; i++) await createAsset(db, { surveyId: survey.id, datasetId: home.id });
    await db.delete(assets).where(eq(assets.id, asset.id));
    await db.execute(sql`delete from datasets where id = ${gone.id}`);

    await Promise.all(Array.from({ length: 4 }, () => foldCountChanges(db)));
    const { read, counted } = await countsReadAndCounted(db);
    expect(read).toEqual(counted);
    expect(await db.select().from(assetCountChanges)).toEqual([]);
  });
});
