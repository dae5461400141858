import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
const sorted = (ids: string[]) => [...ids].sort();

/**
 * A dataset with a municipality question (single choice) and a materials question (multiple
 * choice), and four approved assets:
 *   kulla  Pejë     Gur + Dru
 *   ura    Prizren  Gur
 *   hamami Pejë     Tullë
 *   mulli  Gjakovë  Dru
 */
async function municipalityDataset() {
  const db = database.db;
  const dataset = await createDataset(db);
  const survey = await createSurvey(db);
  const municipality = await createQuestion(db, survey.id, { questionType: 'DROPDOWN' });
  const [peje, prizren, gjakove] = await Promise.all(
    ['Pejë', 'Prizren', 'Gjakovë'].map((value, i) => createOption(db, municipality.id, { value, optionOrder: i })),
  );
  const materials = await createQuestion(db, survey.id, { questionType: 'MULTIPLE_CHOICE' });
  const [gur, dru, tulle] = await Promise.all(
    ['Gur', 'Dru', 'Tullë'].map((value, i) => createOption(db, materials.id, { value, optionOrder: i })),
  );
  const asset = (
    name: string,
    where: typeof peje,
    chosen: (typeof gur)[],
    extra: Partial<Parameters<typeof createAsset>[1]> = {},
  ) =>
    createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      name,
      municipality: where!.value,
      answers: [
        { questionId: municipality.id, optionId: where!.id, value: where!.value },
        ...chosen.map((option) => ({ questionId: materials.id, optionId: option!.id, value: option!.value })),
      ],
      ...extra,
    });
  const kulla = await asset('Kulla e Jashar Pashës', peje, [gur, dru], { village: 'Drelaj' });
  const ura = await asset('Ura e Gurit', prizren, [gur], { village: 'Lagjja e Pejës' });
  const hamami = await asset('Hamami i Haxhi Beut', peje, [tulle]);
  const mulli = await asset('Mulliri i Zekës', gjakove, [dru]);
  return {
    dataset,
    survey,
    municipality,
    materials,
    options: { peje: peje!, prizren: prizren!, gjakove: gjakove!, gur: gur!, dru: dru!, tulle: tulle! },
    assets: { kulla, ura, hamami, mulli },
  };
}

const search = (datasetId: number, text: string) =>
  app.inject({ url: `/api/surveys/dataset-respondents?datasetId=${datasetId}&search=${encodeURIComponent(text)}` });

/** A filtered lookup, by default with a guest's session as the dataset page makes it. */
const filter = async (body: Record<string, unknown>, headers?: Record<string, string>) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/surveys/dataset-respondents',
    payload: body,
    headers: headers ?? (await asGuest()),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/surveys/dataset-respondents', () => {
  it('searches name, municipality and village, trimmed, ignoring case and accents', async () => {
    const { dataset, assets } = await municipalityDataset();
    expect(sorted(idsOf((await search(dataset.id, '  PEJE ')).json()))).toEqual(
      sorted([assets.kulla.id, assets.ura.id, assets.hamami.id]),
    );
    expect(idsOf((await search(dataset.id, 'drelaj')).json())).toEqual([assets.kulla.id]);
    expect(idsOf((await search(dataset.id, 'pashes')).json())).toEqual([assets.kulla.id]);
    expect(idsOf((await search(dataset.id, 'ura e')).json())).toEqual([assets.ura.id]);
    // LIKE's wildcards are plain characters here.
    expect(idsOf((await search(dataset.id, '%')).json())).toEqual([]);
    expect(idsOf((await search(dataset.id, 'Kulla_e')).json())).toEqual([]);
    expect((await search(dataset.id, '   ')).json().meta.totalItems).toBe(4);
  });

  it('gives an empty list without a dataset or for an unknown one', async () => {
    const empty = { items: [], meta: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } };
    const noDataset = await app.inject({ url: '/api/surveys/dataset-respondents' });
    expect(noDataset.statusCode).toBe(200);
    expect(noDataset.json()).toEqual(empty);
    const unknown = await app.inject({ url: '/api/surveys/dataset-respondents?datasetId=987654' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(empty);
  });

  it('shows the public approved assets of active datasets only, and admins everything', async () => {
    const db = database.db;
    const { dataset, survey } = await municipalityDataset();
    const pending = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      status: 'UPLOADED',
      adminNote: 'Kontrollo koordinatat',
    });
    const url = `/api/surveys/dataset-respondents?datasetId=${dataset.id}&limit=100`;

    const publicList = (await app.inject({ url })).json();
    expect(publicList.meta).toEqual({ page: 1, limit: 100, totalItems: 4, totalPages: 1 });
    expect(idsOf(publicList)).not.toContain(pending.id);

    // An administrator is told how many of them the public does not see.
    const adminList = (await app.inject({ url, headers: await asAdmin(database.db) })).json();
    expect(adminList.meta).toMatchObject({ totalItems: 5, notPublic: 1 });
    const pendingItem = adminList.items.find((item: { id: string }) => item.id === pending.id);
    expect(pendingItem).toMatchObject({ status: 'UPLOADED', adminNote: 'Kontrollo koordinatat' });

    const inactive = await createDataset(db, { isActive: false });
    await createAsset(db, { surveyId: survey.id, datasetId: inactive.id });
    const hidden = `/api/surveys/dataset-respondents?datasetId=${inactive.id}`;
    expect((await app.inject({ url: hidden })).json().items).toEqual([]);
    const hiddenToPublic = (await app.inject({ url: hidden, headers: await asAdmin(database.db) })).json();
    expect(hiddenToPublic.items).toHaveLength(1);
    expect(hiddenToPublic.meta.notPublic).toBe(1);
  });

  it('narrows by the days of the date range and by the box of a map view, searched or not', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const make = (name: string, date: string, latitude: number, longitude: number) =>
      createAsset(db, { surveyId: survey.id, datasetId: dataset.id, name, date: new Date(date), latitude, longitude });
    const prizren = await make('Kulla në Prizren', '2024-03-01T23:30:00Z', 42.21, 20.74);
    const peje = await make('Kulla në Pejë', '2024-02-01T10:00:00Z', 42.66, 20.29);
    const gjakove = await make('Ura në Gjakovë', '2024-01-01T10:00:00Z', 42.38, 20.43);
    const list = async (query: string) =>
      (await app.inject({ url: `/api/surveys/dataset-respondents?datasetId=${dataset.id}&${query}` })).json();

    expect(idsOf(await list('dateFrom=2024-02-01&dateTo=2024-03-01'))).toEqual([prizren.id, peje.id]);
    expect(idsOf(await list('dateTo=2024-02-01'))).toEqual([peje.id, gjakove.id]);
    expect(idsOf(await list('latMin=42.1&latMax=42.5&lngMin=20.4&lngMax=20.8'))).toEqual([prizren.id, gjakove.id]);
    expect(idsOf(await list('search=kulla&latMin=42.1&latMax=42.5&lngMin=20.4&lngMax=20.8'))).toEqual([prizren.id]);
    expect((await list('dateFrom=2024-01-02&dateTo=2024-02-28&sortBy=name&sortOrder=asc')).meta.totalItems).toBe(1);
  });

  it('pages with meta and sorts by date, name or views', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const make = (name: string, date: string, viewCount: number) =>
      createAsset(db, { surveyId: survey.id, datasetId: dataset.id, name, date: new Date(date), viewCount });
    const c = await make('Çezma', '2024-03-01T10:00:00Z', 5);
    const a = await make('ara', '2024-01-01T10:00:00Z', 50);
    const b = await make('Bazari', '2024-02-01T10:00:00Z', 1);
    const list = async (query: string) =>
      (await app.inject({ url: `/api/surveys/dataset-respondents?datasetId=${dataset.id}&${query}` })).json();

    expect(idsOf(await list(''))).toEqual([c.id, b.id, a.id]);
    expect(idsOf(await list('sortOrder=asc'))).toEqual([a.id, b.id, c.id]);
    expect(idsOf(await list('sortBy=name&sortOrder=asc'))).toEqual([a.id, b.id, c.id]);
    expect(idsOf(await list('sortBy=viewCount'))).toEqual([a.id, c.id, b.id]);

    const page2 = await list('limit=2&page=2');
    expect(idsOf(page2)).toEqual([a.id]);
    expect(page2.meta).toEqual({ page: 2, limit: 2, totalItems: 3, totalPages: 2 });
    const page1 = await list('limit=2');
    expect(page1.meta).toEqual({ page: 1, limit: 2, totalItems: 3, totalPages: 2 });
    // Scrolled past the end: no items, but the total still tells how many there are.
    expect(await list('limit=2&page=9')).toEqual({
      items: [],
      meta: { page: 9, limit: 2, totalItems: 3, totalPages: 2 },
    });
    expect((await list('limit=5000')).meta.limit).toBe(1000);
  });

  it('refuses a malformed dataset id, date or box with 400 naming the field', async () => {
    for (const [query, field] of [
      ['datasetId=abc', 'datasetId'],
      ['datasetId=1&dateFrom=2024-13-01', 'dateFrom'],
      ['datasetId=1&dateTo=soon', 'dateTo'],
      ['datasetId=1&latMax=95', 'latMax'],
      ['datasetId=1&lngMin=-181', 'lngMin'],
      ['datasetId=1&latMin=42.5&latMax=42.1', 'latMax'],
    ] as const) {
      const response = await app.inject({ url: `/api/surveys/dataset-respondents?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});

describe('POST /api/surveys/dataset-respondents', () => {
  it('combines filters on different questions with AND and options of one question with OR', async () => {
    const { dataset, municipality, materials, options, assets } = await municipalityDataset();
    const pejeOrPrizren = {
      questionId: municipality.id,
      questionOptionIds: [options.peje.id, options.prizren.id],
    };
    const either = await filter({ datasetId: dataset.id, filters: [pejeOrPrizren] });
    expect(sorted(idsOf(either))).toEqual(sorted([assets.kulla.id, assets.ura.id, assets.hamami.id]));
    expect(either.meta.totalItems).toBe(3);

    const withStone = await filter({
      datasetId: dataset.id,
      filters: [pejeOrPrizren, { questionId: materials.id, questionOptionIds: [options.gur.id] }],
    });
    expect(sorted(idsOf(withStone))).toEqual(sorted([assets.kulla.id, assets.ura.id]));

    const timberOrBrickInPeje = await filter({
      datasetId: dataset.id,
      filters: [
        { questionId: municipality.id, questionOptionValues: ['Pejë'] },
        { questionId: materials.id, questionOptionIds: [options.dru.id], questionOptionValues: ['Tullë'] },
      ],
    });
    expect(sorted(idsOf(timberOrBrickInPeje))).toEqual(sorted([assets.kulla.id, assets.hamami.id]));

    const none = await filter({
      datasetId: dataset.id,
      filters: [
        { questionId: municipality.id, questionOptionIds: [options.gjakove.id] },
        { questionId: materials.id, questionOptionIds: [options.gur.id] },
      ],
    });
    expect(none).toEqual({ items: [], meta: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } });
  });

  it("ignores options the question does not have, and filters on questions outside the dataset's surveys", async () => {
    const { dataset, municipality, materials, options, assets } = await municipalityDataset();
    const all = sorted(Object.values(assets).map((asset) => asset.id));

    const unknownOnly = await filter({
      datasetId: dataset.id,
      filters: [{ questionId: municipality.id, questionOptionIds: [987654], questionOptionValues: ['Atlantis'] }],
    });
    expect(sorted(idsOf(unknownOnly))).toEqual(all);

    // Gur belongs to the materials question, not to the municipality question.
    const mixed = await filter({
      datasetId: dataset.id,
      filters: [{ questionId: municipality.id, questionOptionIds: [options.peje.id, options.gur.id] }],
    });
    expect(sorted(idsOf(mixed))).toEqual(sorted([assets.kulla.id, assets.hamami.id]));

    const foreign = await createQuestion(database.db, (await createSurvey(database.db)).id);
    const foreignOption = await createOption(database.db, foreign.id);
    const outside = await filter({
      datasetId: dataset.id,
      filters: [
        { questionId: foreign.id, questionOptionIds: [foreignOption.id] },
        { questionId: materials.id, questionOptionIds: [options.tulle.id] },
      ],
    });
    expect(idsOf(outside)).toEqual([assets.hamami.id]);
  });

  it('matches answers stored without an option id by their value', async () => {
    const { dataset, survey, municipality, options, assets } = await municipalityDataset();
    const legacy = await createAsset(database.db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [{ questionId: municipality.id, optionId: null, value: 'Prizren' }],
    });
    const result = await filter({
      datasetId: dataset.id,
      filters: [{ questionId: municipality.id, questionOptionIds: [options.prizren.id] }],
    });
    expect(sorted(idsOf(result))).toEqual(sorted([assets.ura.id, legacy.id]));
  });

  it('shows the public approved assets only, admins all, and pages with meta', async () => {
    const { dataset, survey, municipality, options } = await municipalityDataset();
    await createAsset(database.db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      status: 'REJECTED',
      answers: [{ questionId: municipality.id, optionId: options.peje.id }],
    });
    const body = {
      datasetId: dataset.id,
      filters: [{ questionId: municipality.id, questionOptionIds: [options.peje.id] }],
      filterPage: 'ANALYTICS',
      limit: 1,
      page: 2,
      sortBy: 'name',
      sortOrder: 'asc',
    };
    const publicPage = await filter(body, await asUser(database.db));
    expect(publicPage.meta).toEqual({ page: 2, limit: 1, totalItems: 2, totalPages: 2 });
    expect(publicPage.items[0].name).toBe('Kulla e Jashar Pashës');
    expect(publicPage.meta.notPublic).toBeUndefined();
    expect((await filter(body, await asAdmin(database.db))).meta).toMatchObject({ totalItems: 3, notPublic: 1 });
  });

  it('narrows the filtered assets by the date range and the box of a map view as well', async () => {
    const db = database.db;
    const { dataset, survey, municipality, options, assets } = await municipalityDataset();
    const late = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      name: 'Kulla e vonë',
      date: new Date('2030-06-15T10:00:00Z'),
      latitude: 42.66,
      longitude: 20.29,
      answers: [{ questionId: municipality.id, optionId: options.peje.id }],
    });
    const inPeje = {
      datasetId: dataset.id,
      filters: [{ questionId: municipality.id, questionOptionIds: [options.peje.id] }],
    };
    expect(idsOf(await filter({ ...inPeje, dateFrom: '2030-06-01', dateTo: '2030-06-30' }))).toEqual([late.id]);
    expect(idsOf(await filter({ ...inPeje, latMin: 42.6, latMax: 42.7, lngMin: 20.2, lngMax: 20.3 }))).toEqual([
      late.id,
    ]);
    expect(sorted(idsOf(await filter({ ...inPeje, dateTo: '2030-01-01' })))).toEqual(
      sorted([assets.kulla.id, assets.hamami.id]),
    );
    const reversed = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents',
      headers: await asGuest(),
      payload: { ...inPeje, dateFrom: '2030-06-30', dateTo: '2030-06-01' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().field).toBe('dateTo');
  });

  it('gives an empty list for an unknown dataset, and 400 naming a malformed filter field', async () => {
    expect((await filter({ datasetId: 987654, filters: [] })).items).toEqual([]);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents',
      headers: await asGuest(),
      payload: { datasetId: 1, filters: [{ questionId: 'abc' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('filters.0.questionId');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents',
      headers: await asGuest(),
      payload: {},
    });
    expect(missing.json()).toMatchObject({ statusCode: 400, field: 'datasetId', message: 'datasetId is required' });
  });
});

describe('who may run a filtered lookup', () => {
  it('needs a session for the dataset page, and an account for the map and analytics', async () => {
    const { dataset } = await municipalityDataset();
    const lookup = async (filterPage: string | undefined, headers?: Record<string, string>) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/surveys/dataset-respondents',
          payload: { datasetId: dataset.id, filters: [], ...(filterPage && { filterPage }) },
          headers,
        })
      ).statusCode;

    expect(await lookup('DATASET_DETAILS')).toBe(401);
    expect(await lookup(undefined)).toBe(401);
    expect(await lookup('INTERACTIVE_MAP')).toBe(401);
    expect(await lookup('DATASET_DETAILS', await asGuest())).toBe(200);
    expect(await lookup('INTERACTIVE_MAP', await asGuest())).toBe(403);
    expect(await lookup('ANALYTICS', await asGuest())).toBe(403);
    expect(await lookup('INTERACTIVE_MAP', await asUser(database.db))).toBe(200);
    expect(await lookup('ANALYTICS', await asUser(database.db))).toBe(200);
  });
});
