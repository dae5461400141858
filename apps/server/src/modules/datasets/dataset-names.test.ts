import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, datasets } from '../../db/schema/index';
import { createAsset, createDataset, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asUser } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;
let admin: Record<string, string>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  admin = await asAdmin(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let wordCounter = 0;
/** A word no other test's datasets contain, so a search isolates this test's datasets. */
const uniqueWord = () => `Emer${++wordCounter}x${Date.now().toString(36)}`;

const inLanguage = (language: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...headers, language } });

const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, language = 'xk') =>
  app.inject({ method, url, headers: { ...admin, language }, payload });

describe('dataset names in three languages', () => {
  it('creates a dataset with its Albanian, English and Serbian names, answered as all three', async () => {
    const created = await send(
      'POST',
      '/api/datasets',
      { nameXk: 'Site arkeologjike', nameEn: 'Archaeological sites', nameSr: 'Arheološka nalazišta' },
      'en',
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Site arkeologjike',
      nameXk: 'Site arkeologjike',
      nameEn: 'Archaeological sites',
      nameSr: 'Arheološka nalazišta',
    });
    const [row] = await database.db.select().from(datasets).where(eq(datasets.id, created.json().id));
    expect(row).toMatchObject({ name: 'Site arkeologjike', nameEn: 'Archaeological sites' });
  });

  it('still takes the Albanian name as `name` from clients written before the three names', async () => {
    const created = await send('POST', '/api/datasets', { name: 'Kalatë', nameEn: '  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Kalatë', nameXk: 'Kalatë', nameEn: null, nameSr: null });

    const renamed = await send('PATCH', `/api/datasets/${created.json().id}`, { name: 'Kështjella' });
    expect(renamed.json()).toMatchObject({ name: 'Kështjella', nameXk: 'Kështjella' });
  });

  it('refuses a dataset without an Albanian name with 400 naming nameXk, writing nothing', async () => {
    const before = (await database.db.select().from(datasets)).length;
    for (const payload of [{ nameEn: 'Bridges' }, { nameXk: '   ', nameEn: 'Bridges' }]) {
      const response = await send('POST', '/api/datasets', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ field: 'nameXk' });
    }
    const cleared = await send('PATCH', `/api/datasets/${(await createDataset(database.db)).id}`, { nameXk: '' });
    expect(cleared.json()).toMatchObject({ field: 'nameXk' });
    expect(await database.db.select().from(datasets)).toHaveLength(before + 1);
  });

  it('changes and clears the English and Serbian names, and records them in the audit log', async () => {
    const dataset = await createDataset(database.db, { name: 'Ura', nameEn: 'Bridges', nameSr: 'Mostovi' });
    const changed = await send('PATCH', `/api/datasets/${dataset.id}`, { nameEn: 'Old bridges', nameSr: null });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Ura', nameXk: 'Ura', nameEn: 'Old bridges', nameSr: null });

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dataset.update'), eq(auditLog.subjectId, String(dataset.id))));
    expect(entry).toMatchObject({
      before: expect.objectContaining({ name: 'Ura', nameEn: 'Bridges', nameSr: 'Mostovi' }),
      after: expect.objectContaining({ name: 'Ura', nameEn: 'Old bridges', nameSr: null }),
    });
  });

  it('finds a dataset by any of its names, and sorts by the names of the language asked', async () => {
    const word = uniqueWord();
    const bridges = await createDataset(database.db, { name: `Ura ${word}`, nameEn: `Bridges ${word}` });
    const towers = await createDataset(database.db, { name: `Kulla ${word}`, nameEn: `Towers ${word}` });
    const mills = await createDataset(database.db, { name: `Mullinj ${word}`, nameSr: `Vodenice ${word}` });

    const found = (search: string) =>
      inLanguage('xk', `/api/datasets?search=${encodeURIComponent(search)}`).then((response) =>
        response.json().items.map((item: { id: number }) => item.id),
      );
    expect(await found(`Bridges ${word}`)).toEqual([bridges.id]);
    expect(await found(`vodenice ${word}`)).toEqual([mills.id]);

    const sorted = async (language: string) =>
      (await inLanguage(language, `/api/datasets?search=${word}&sortBy=name`))
        .json()
        .items.map((item: { id: number }) => item.id);
    // Kulla, Mullinj, Ura in Albanian; Bridges, Mullinj (no English name), Towers in English.
    expect(await sorted('xk')).toEqual([towers.id, mills.id, bridges.id]);
    expect(await sorted('en')).toEqual([bridges.id, mills.id, towers.id]);
  });

  it("names an asset's dataset in the language of the request, else in Albanian, in its lists and its detail", async () => {
    const named = await createDataset(database.db, { name: 'Monumente', nameEn: 'Monuments', nameSr: 'Spomenici' });
    const albanianOnly = await createDataset(database.db, { name: 'Peizazhe' });
    const survey = await createSurvey(database.db);
    const monument = await createAsset(database.db, { surveyId: survey.id, datasetId: named.id });
    const landscape = await createAsset(database.db, { surveyId: survey.id, datasetId: albanianOnly.id });

    const detail = await inLanguage('sr', `/api/surveys/assets/${monument.id}`);
    expect(detail.json()).toMatchObject({
      datasetName: 'Spomenici',
      datasetNameXk: 'Monumente',
      datasetNameEn: 'Monuments',
      datasetNameSr: 'Spomenici',
    });
    expect((await inLanguage('en', `/api/surveys/assets/${landscape.id}`)).json().datasetName).toBe('Peizazhe');

    const list = await inLanguage('en', `/api/surveys/dataset-respondents?datasetId=${named.id}`);
    expect(list.json().items.map((item: { datasetName: string }) => item.datasetName)).toEqual(['Monuments']);
  });

  it('shows a renamed English name at once on the asset that was read before', async () => {
    const dataset = await createDataset(database.db, { name: 'Hamame', nameEn: 'Bathhouses' });
    const asset = await createAsset(database.db, {
      surveyId: (await createSurvey(database.db)).id,
      datasetId: dataset.id,
    });
    const nameOf = async () => (await inLanguage('en', `/api/surveys/assets/${asset.id}`)).json().datasetName;
    expect(await nameOf()).toBe('Bathhouses');
    await send('PATCH', `/api/datasets/${dataset.id}`, { nameEn: 'Hammams' });
    expect(await nameOf()).toBe('Hammams');
  });

  it("names the export and its features after the dataset's name in the language of the request", async () => {
    const dataset = await createDataset(database.db, { name: 'Ngjarje kulturore', nameEn: 'Cultural events' });
    await createAsset(database.db, {
      surveyId: (await createSurvey(database.db)).id,
      datasetId: dataset.id,
      latitude: 42.66,
      longitude: 21.16,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: { ...(await asUser(database.db)), language: 'en' },
      payload: { datasetId: dataset.id, exportType: 'GEOJSON', filters: [] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="cultural-events-/);
    expect(response.json().features[0].properties).toMatchObject({ dataset: 'Cultural events' });
  });
});
