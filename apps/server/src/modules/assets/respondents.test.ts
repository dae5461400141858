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
    expect(publicList.meta.totalItems).toBe(4);
    expect(idsOf(publicList)).not.toContain(pending.id);

    const adminList = (await app.inject({ url, headers: await asAdmin(database.db) })).json();
    expect(adminList.meta.totalItems).toBe(5);
    const pendingItem = adminList.items.find((item: { id: string }) => item.id === pending.id);
    expect(pendingItem).toMatchObject({ status: 'UPLOADED', adminNote: 'Kontrollo koordinatat' });

    const inactive = await createDataset(db, { isActive: false });
    await createAsset(db, { surveyId: survey.id, datasetId: inactive.id });
    const hidden = `/api/surveys/dataset-respondents?datasetId=${inactive.id}`;
    expect((await app.inject({ url: hidden })).json().items).toEqual([]);
    expect((await app.inject({ url: hidden, headers: await asAdmin(database.db) })).json().items).toHaveLength(1);
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

  it('refuses a malformed dataset id with 400 naming datasetId', async () => {
    const response = await app.inject({ url: '/api/surveys/dataset-respondents?datasetId=abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('datasetId');
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
    expect((await filter(body, await asAdmin(database.db))).meta.totalItems).toBe(3);
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
