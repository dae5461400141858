import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import {
  answers as answersTable,
  assets as assetsTable,
  datasets as datasetsTable,
  devices,
  questionOptions as questionOptionsTable,
  questions as questionsTable,
} from '../../db/schema/index';
import {
  createAsset,
  createDataset,
  createMedia,
  createOption,
  createQuestion,
  createSurvey,
  createUser,
} from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { listedAssetColumns } from '../asset-search';
import { ViewCounter } from './view-counter';

let database: DatabaseHandle;
let app: App;
let views: ViewCounter;
let dataDir: string;

/** A GET sent exactly as written, path untouched. */
function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-assets-test-'));
  database = await openTestDatabase();
  // The app's view counter, handed in, so a test can wait for its views to be written.
  views = new ViewCounter(database.db, (error) => {
    throw error;
  });
  app = await startTestApp(database, { DATA_DIR: dataDir }, undefined, { assetViews: views });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
const sorted = (ids: string[]) => [...ids].sort();

/** A fresh survey in a fresh dataset: `surveyId=` then isolates a test's assets. */
async function freshSurvey() {
  const dataset = await createDataset(database.db);
  const survey = await createSurvey(database.db);
  const make = (fields: Partial<Parameters<typeof createAsset>[1]> = {}) =>
    createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id, ...fields });
  return { dataset, survey, make };
}

describe('GET /api/surveys/assets', () => {
  it('narrows by survey, dataset, and for admins by collector and device', async () => {
    const db = database.db;
    const { dataset, survey, make } = await freshSurvey();
    const collector = await createUser(db);
    const [device] = await db
      .insert(devices)
      .values({ mac: `AA:BB:${Date.now()}` })
      .returning();
    const byCollector = await make({ userId: collector.id });
    const byDevice = await make({ deviceId: device!.id });
    const other = await createAsset(db, { surveyId: survey.id, datasetId: (await createDataset(db)).id });

    expect(sorted(idsOf((await get(`/api/surveys/assets?surveyId=${survey.id}`)).json()))).toEqual(
      sorted([byCollector.id, byDevice.id, other.id]),
    );
    expect(sorted(idsOf((await get(`/api/surveys/assets?datasetId=${dataset.id}`)).json()))).toEqual(
      sorted([byCollector.id, byDevice.id]),
    );
    const admin = await asAdmin(database.db);
    const bySurvey = `/api/surveys/assets?surveyId=${survey.id}`;
    expect(idsOf((await get(`${bySurvey}&userId=${collector.id}`, admin)).json())).toEqual([byCollector.id]);
    expect(idsOf((await get(`${bySurvey}&deviceId=${device!.id}`, admin)).json())).toEqual([byDevice.id]);

    // Who collected what is not public: the filter narrows nothing and the ids are not shown.
    const publicList = (await get(`${bySurvey}&userId=${collector.id}`)).json();
    expect(publicList.items).toHaveLength(3);
    expect(
      publicList.items.every((item: { userId: unknown; deviceId: unknown }) => !item.userId && !item.deviceId),
    ).toBe(true);
  });

  it('answers dates outside what a register holds, and ids too large, with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['dateTo=9999-12-31', 'dateTo'],
      ['dateFrom=0000-01-01', 'dateFrom'],
      ['datasetId=99999999999', 'datasetId'],
    ] as const) {
      const response = await get(`/api/surveys/assets?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });

  it('lets only admins list assets that are not approved', async () => {
    const { survey, make } = await freshSurvey();
    const approved = await make();
    const pending = await make({ status: 'UPLOADED' });
    const rejected = await make({ status: 'REJECTED' });
    const url = `/api/surveys/assets?surveyId=${survey.id}`;

    expect(idsOf((await get(url)).json())).toEqual([approved.id]);
    expect(idsOf((await get(url, await asGuest())).json())).toEqual([approved.id]);
    expect(idsOf((await get(url, await asUser(database.db))).json())).toEqual([approved.id]);
    expect((await get(`${url}&status=UPLOADED`, await asUser(database.db))).json().items).toEqual([]);
    expect(idsOf((await get(`${url}&status=APPROVED`)).json())).toEqual([approved.id]);

    expect(sorted(idsOf((await get(url, await asAdmin(database.db))).json()))).toEqual(
      sorted([approved.id, pending.id, rejected.id]),
    );
    expect(idsOf((await get(`${url}&status=REJECTED`, await asAdmin(database.db))).json())).toEqual([rejected.id]);
    expect((await get(`${url}&status=LOST`)).json().field).toBe('status');
  });

  it('finds text in name, municipality, village and comments, and in admin notes for admins only', async () => {
    const { survey, make } = await freshSurvey();
    const kulla = await make({
      name: 'Kulla e Mazrekëve',
      municipality: 'Rahovec',
      village: 'Drenoc',
      comments: 'Çatia e rrënuar',
      adminNote: 'Verifiko pronarin',
    });
    const ura = await make({ name: 'Ura e Fshejtë', municipality: 'Prizren', village: 'Dobrushtë' });
    const base = `/api/surveys/assets?surveyId=${survey.id}`;
    const ids = async (query: string, headers?: Record<string, string>) =>
      idsOf((await get(`${base}&${query}`, headers)).json());

    expect(await ids('name=MAZREKEVE')).toEqual([kulla.id]);
    expect(await ids('municipality=prizr')).toEqual([ura.id]);
    expect(await ids('village=dobrusht')).toEqual([ura.id]);
    expect(await ids('comments=catia', await asAdmin(database.db))).toEqual([kulla.id]);
    expect(await ids('adminNote=pronar', await asAdmin(database.db))).toEqual([kulla.id]);
    expect(await ids('comments=catia')).toEqual([kulla.id]);
    // The admin note is not public: for everyone else it narrows nothing.
    expect(sorted(await ids('adminNote=pronar'))).toEqual(sorted([kulla.id, ura.id]));
    const publicItem = (await get(base)).json().items.find((item: { id: string }) => item.id === kulla.id);
    expect(publicItem).toMatchObject({ comments: 'Çatia e rrënuar', adminNote: null });
  });

  it('keeps dates within inclusive day bounds and points within the bounding box', async () => {
    const { survey, make } = await freshSurvey();
    const first = await make({ date: new Date('2024-05-01T00:00:00Z'), latitude: 42.66, longitude: 21.16 });
    const lastMinute = await make({ date: new Date('2024-05-31T23:59:59Z'), latitude: 42.21, longitude: 20.74 });
    const june = await make({ date: new Date('2024-06-01T00:00:00Z'), latitude: 42.88, longitude: 20.87 });
    await make({ date: new Date('2024-04-30T23:59:59Z') });
    const base = `/api/surveys/assets?surveyId=${survey.id}`;
    const ids = async (query: string) => sorted(idsOf((await get(`${base}&${query}`)).json()));

    expect(await ids('dateFrom=2024-05-01&dateTo=2024-05-31')).toEqual(sorted([first.id, lastMinute.id]));
    expect(await ids('dateFrom=2024-05-31T12:00:00Z')).toEqual(sorted([lastMinute.id, june.id]));
    expect(await ids('dateTo=2024-06-01T00:00:00Z&dateFrom=2024-05-02')).toEqual(sorted([lastMinute.id, june.id]));
    expect(await ids('latMin=42.5&latMax=43&lngMin=20.8&lngMax=21.2')).toEqual(sorted([first.id, june.id]));
    expect(await ids('latMax=42.5')).toEqual([lastMinute.id]);
    expect((await get(`${base}&latMin=91`)).json().field).toBe('latMin');
    expect((await get(`${base}&dateFrom=yesterday`)).json().field).toBe('dateFrom');
  });

  it('sorts by any listed field in either direction', async () => {
    const { survey, make } = await freshSurvey();
    const a = await make({ municipality: 'Deçan', status: 'APPROVED', viewCount: 3, date: new Date('2024-01-03') });
    const b = await make({ municipality: 'ferizaj', status: 'REJECTED', viewCount: 9, date: new Date('2024-01-01') });
    const c = await make({ municipality: 'Istog', status: 'UPLOADED', viewCount: 1, date: new Date('2024-01-02') });
    const admin = await asAdmin(database.db);
    const ids = async (query: string) =>
      idsOf((await get(`/api/surveys/assets?surveyId=${survey.id}&${query}`, admin)).json());

    expect(await ids('')).toEqual([a.id, c.id, b.id]);
    expect(await ids('sortBy=date&sortOrder=asc')).toEqual([b.id, c.id, a.id]);
    expect(await ids('sortBy=municipality&sortOrder=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sortBy=municipality&sortOrder=desc')).toEqual([c.id, b.id, a.id]);
    expect(await ids('sortBy=status&sortOrder=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sortBy=viewCount&sortOrder=desc')).toEqual([b.id, a.id, c.id]);
    const paged = (await get(`/api/surveys/assets?surveyId=${survey.id}&limit=1&page=3`, admin)).json();
    // The administrator is told that two of the three are not public.
    expect(paged.meta).toEqual({ page: 3, limit: 1, totalItems: 3, totalPages: 3, notPublic: 2 });
  });

  it("shows each asset's media types and a signed URL of its first photo", async () => {
    const { survey, make } = await freshSurvey();
    const withMedia = await make();
    await createMedia(database.db, withMedia.id, { type: 'VIDEO', path: 'test/clip.mp4' });
    await createMedia(database.db, withMedia.id, { type: 'PHOTO', path: 'test/first.png' });
    await createMedia(database.db, withMedia.id, { type: 'PHOTO', path: 'test/second.png' });
    const without = await make();
    const items = (await get(`/api/surveys/assets?surveyId=${survey.id}`)).json().items;
    const byId = new Map(items.map((item: { id: string }) => [item.id, item]));

    expect(byId.get(withMedia.id)).toMatchObject({
      mediaTypes: ['PHOTO', 'VIDEO'],
      // Served as the PNG its name says, whatever it was uploaded as.
      photoUrl: expect.stringMatching(
        /^\/api\/blobs\/test\/first\.png\?expires=\d+&type=image%2Fpng&signature=[\w-]+$/,
      ),
    });
    expect(byId.get(without.id)).toMatchObject({ mediaTypes: [], photoUrl: null });
  });
});

/** A survey whose question numbers sort differently as text and as numbers. */
async function assetWithAnswers() {
  const db = database.db;
  const { dataset, survey, make } = await freshSurvey();
  const q10 = await createQuestion(db, survey.id, {
    questionNr: '1.10',
    questionType: 'TEXT',
    titleXk: 'Shënime',
    titleEn: 'Notes',
  });
  const q2 = await createQuestion(db, survey.id, {
    questionNr: '1.2',
    questionType: 'MULTIPLE_CHOICE',
    titleXk: 'Materialet',
    titleEn: 'Materials',
  });
  const stone = await createOption(db, q2.id, {
    value: 'Gur',
    descriptionXk: 'Gur',
    descriptionEn: 'Stone',
    optionOrder: 1,
  });
  const timber = await createOption(db, q2.id, {
    value: 'Dru',
    descriptionXk: 'Dru',
    descriptionEn: 'Timber',
    optionOrder: 2,
  });
  const q9 = await createQuestion(db, survey.id, { questionNr: '1.9', titleXk: 'Gjendja', titleEn: 'Condition' });
  const other = await createOption(db, q9.id, { value: 'Tjetër', descriptionEn: 'Other', isAnother: true });
  const asset = await make({
    name: 'Kulla e Zenel Beut',
    answers: [
      { questionId: q10.id, value: 'Restauruar më 2012' },
      { questionId: q2.id, optionId: timber.id, value: 'Dru' },
      { questionId: q9.id, optionId: other.id, value: 'Tjetër', value2: 'e rrënuar pjesërisht' },
      { questionId: q2.id, optionId: stone.id, value: 'Gur' },
    ],
  });
  return { dataset, survey, asset, questions: { q2, q9, q10 } };
}

describe('GET /api/surveys/assets/:id', () => {
  it('gives the answers in question order, localized, with the raw texts of every language', async () => {
    const { asset, questions } = await assetWithAnswers();
    const english = await get(`/api/surveys/assets/${asset.id}`, { language: 'en' });
    expect(english.statusCode).toBe(200);
    const body = english.json();
    expect(body).toMatchObject({ id: asset.id, name: 'Kulla e Zenel Beut', status: 'APPROVED' });
    expect(body.answers.map((a: { questionNr: string }) => a.questionNr)).toEqual(['1.2', '1.2', '1.9', '1.10']);
    expect(body.answers[0]).toEqual({
      questionId: questions.q2.id,
      questionNr: '1.2',
      questionType: 'MULTIPLE_CHOICE',
      questionIdentifier: null,
      optionId: expect.any(Number),
      value: 'Gur',
      value2: null,
      title: 'Materials',
      titleXk: 'Materialet',
      titleEn: 'Materials',
      titleSr: expect.any(String),
      optionDescription: 'Stone',
      optionDescriptionXk: 'Gur',
      optionDescriptionEn: 'Stone',
      optionDescriptionSr: null,
    });
    expect(body.answers[1]).toMatchObject({ value: 'Dru', optionDescription: 'Timber' });
    expect(body.answers[2]).toMatchObject({ optionDescription: 'Other', value2: 'e rrënuar pjesërisht' });
    expect(body.answers[3]).toMatchObject({ title: 'Notes', value: 'Restauruar më 2012', optionDescription: null });

    const albanian = (await get(`/api/surveys/assets/${asset.id}`)).json();
    expect(albanian.answers[0]).toMatchObject({ title: 'Materialet', optionDescription: 'Gur' });
    // No Serbian text: the Albanian one stands in.
    const serbian = (await get(`/api/surveys/assets/${asset.id}`, { language: 'sr' })).json();
    expect(serbian.answers[0].optionDescription).toBe('Gur');
  });

  it("shows an answer whose question or option is not its survey's own with their texts all the same", async () => {
    const db = database.db;
    const { asset, questions } = await assetWithAnswers();
    const elsewhere = await createSurvey(db);
    const movedQuestion = await createQuestion(db, elsewhere.id, {
      questionNr: '1.1',
      titleXk: 'Pronari',
      titleEn: 'Owner',
    });
    const foreignOption = await createOption(db, movedQuestion.id, { value: 'Shteti', descriptionEn: 'The state' });
    await db.insert(answersTable).values([
      { assetId: asset.id, questionId: movedQuestion.id, value: 'Komuna' },
      { assetId: asset.id, questionId: questions.q10.id, optionId: foreignOption.id, value: 'Shteti' },
    ]);

    const body = (await get(`/api/surveys/assets/${asset.id}`, { language: 'en' })).json();
    expect(body.answers).toHaveLength(6);
    expect(body.answers[0]).toMatchObject({ questionId: movedQuestion.id, title: 'Owner', value: 'Komuna' });
    expect(body.answers).toContainEqual(
      expect.objectContaining({
        questionId: questions.q10.id,
        optionId: foreignOption.id,
        optionDescription: 'The state',
      }),
    );
  });

  it('gives each of many details asked for at once its own asset and answers, read together', async () => {
    const db = database.db;
    const { survey, make } = await freshSurvey();
    const question = await createQuestion(db, survey.id, { questionType: 'TEXT', titleEn: 'Notes' });
    const made = await Promise.all(
      ['Ura e Fshejtë', 'Hamami i Madh', 'Kalaja e Novobërdës'].map((name) =>
        make({ name, answers: [{ questionId: question.id, value: `Shënim për ${name}` }] }),
      ),
    );
    const hidden = await make({ name: 'Në shqyrtim', status: 'UPLOADED' });

    const answers = await Promise.all([...made, hidden].map((asset) => get(`/api/surveys/assets/${asset.id}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404]);
    made.forEach((asset, i) => {
      const body = answers[i]!.json();
      expect(body).toMatchObject({ id: asset.id, name: asset.name });
      expect(body.answers).toEqual([expect.objectContaining({ value: `Shënim për ${asset.name}` })]);
    });
  });

  it('does not count a HEAD request as a view', async () => {
    const { asset } = await assetWithAnswers();
    await app.inject({ method: 'HEAD', url: `/api/surveys/assets/${asset.id}` });
    expect((await get(`/api/surveys/assets/${asset.id}`)).json().viewCount).toBe(1);
  });

  it("counts every reader's view, but not an admin's", async () => {
    const { asset } = await assetWithAnswers();
    expect((await get(`/api/surveys/assets/${asset.id}`)).json().viewCount).toBe(1);
    await Promise.all([
      get(`/api/surveys/assets/${asset.id}`),
      get(`/api/surveys/assets/${asset.id}`, await asGuest()),
    ]);
    expect((await get(`/api/surveys/assets/${asset.id}`, await asAdmin(database.db))).json().viewCount).toBe(3);
  });

  it('keeps every view once the server has stopped, though views are written in batches', async () => {
    const { asset } = await assetWithAnswers();
    const server = await startTestApp(database);
    await Promise.all(
      Array.from({ length: 5 }, () => server.inject({ method: 'GET', url: `/api/surveys/assets/${asset.id}` })),
    );
    await server.close();
    const [row] = await database.db
      .select({ viewCount: listedAssetColumns.viewCount })
      .from(assetsTable)
      .where(eq(assetsTable.id, asset.id));
    expect(row!.viewCount).toBe(5);
  });

  it("answers 404 'Asset not found' for an unknown or unpublished asset, and 400 for a malformed id", async () => {
    const { make } = await freshSurvey();
    const pending = await make({ status: 'UPLOADED' });
    for (const url of [`/api/surveys/assets/${crypto.randomUUID()}`, `/api/surveys/assets/${pending.id}`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Asset not found', code: 'asset_not_found' });
    }
    const forAdmin = await get(`/api/surveys/assets/${pending.id}`, await asAdmin(database.db));
    expect(forAdmin.statusCode).toBe(200);
    // An admin's look at a pending asset is not a public view either.
    expect(forAdmin.json().viewCount).toBe(0);

    const malformed = await get('/api/surveys/assets/42');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'id', code: 'invalid_input' });
    const [row] = await database.db
      .select({ viewCount: listedAssetColumns.viewCount })
      .from(assetsTable)
      .where(eq(assetsTable.id, pending.id));
    expect(row!.viewCount).toBe(0);
  });

  it('hides assets of an inactive dataset from the public', async () => {
    const { dataset, asset } = await assetWithAnswers();
    await database.db.execute(sql`update datasets set is_active = false where id = ${dataset.id}`);
    expect((await get(`/api/surveys/assets/${asset.id}`)).statusCode).toBe(404);
    expect((await get(`/api/surveys/assets/${asset.id}/media`)).statusCode).toBe(404);
    expect((await get(`/api/surveys/assets/${asset.id}`, await asAdmin(database.db))).statusCode).toBe(200);
  });
});

describe('GET /api/surveys/assets/:id/media and the files behind it', () => {
  async function assetWithPhoto() {
    const { make } = await freshSurvey();
    const asset = await make();
    const photoPath = `media/${asset.id}/kulla.png`;
    mkdirSync(path.join(dataDir, 'blobs', 'media', asset.id), { recursive: true });
    writeFileSync(path.join(dataDir, 'blobs', photoPath), PNG);
    await createMedia(database.db, asset.id, { path: photoPath, size: PNG.length });
    await createMedia(database.db, asset.id, {
      path: `media/${asset.id}/visit.mp4`,
      type: 'VIDEO',
      contentType: 'video/mp4',
    });
    return { asset, photoPath };
  }

  it('lists the media with URLs that download the files', async () => {
    const { asset, photoPath } = await assetWithPhoto();
    const response = await get(`/api/surveys/assets/${asset.id}/media`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toEqual([
      {
        id: expect.any(Number),
        path: photoPath,
        url: expect.any(String),
        type: 'PHOTO',
        contentType: 'image/png',
        size: PNG.length,
        originalName: null,
        caption: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      expect.objectContaining({ type: 'VIDEO', contentType: 'video/mp4' }),
    ]);

    const file = await get(items[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // The video's file was never stored.
    expect((await get(items[1].url)).statusCode).toBe(404);
  });

  it('refuses a tampered or missing signature with 403 and a path that leaves the store with 400', async () => {
    const { asset } = await assetWithPhoto();
    const [photo] = (await get(`/api/surveys/assets/${asset.id}/media`)).json().items;
    const url = new URL(photo.url, 'http://localhost');

    const otherFile = `${url.pathname.replace('kulla.png', 'visit.mp4')}${url.search}`;
    expect((await get(otherFile)).statusCode).toBe(403);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const longer = await get(`${url.pathname}${url.search}`);
    expect(longer.statusCode).toBe(403);
    expect(longer.json().code).toBe('link_invalid');
    expect((await get(url.pathname)).statusCode).toBe(403);

    // Over a real socket: an HTTP client library would normalise these paths before sending them.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const escape of [
        '/api/blobs/media/..%2F..%2Fjwt-secret',
        '/api/blobs/%2e%2e/jwt-secret',
        '/api/blobs/media/../../jwt-secret',
        '/api/blobs/media/%5C..%5Cx',
        '/api/blobs//etc/passwd',
      ]) {
        const response = await rawGet(address, `${escape}${url.search}`);
        expect(response.status, escape).toBe(400);
        expect(JSON.parse(response.body).field).toBe('path');
      }
    } finally {
      await app.server.close();
    }
  });

  it("answers 404 for an unknown asset's media", async () => {
    const response = await get(`/api/surveys/assets/${crypto.randomUUID()}/media`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Asset not found');
  });
});

/**
 * Visitors' reads of assets are cached (asset-search.ts, assets.repo.ts). A visitor must still
 * see every change the moment it is made — a review, an edited answer, a new photo, a new asset, a
 * dataset taken offline — and an asset's view count must keep counting while its detail is kept.
 */
async function publishedAsset() {
  const db = database.db;
  const dataset = await createDataset(db);
  const survey = await createSurvey(db);
  const question = await createQuestion(db, survey.id, { questionType: 'TEXT', titleXk: 'Shënime' });
  const asset = await createAsset(db, {
    surveyId: survey.id,
    datasetId: dataset.id,
    name: 'Kulla e Jasharëve',
    answers: [{ questionId: question.id, value: 'Mure guri' }],
  });
  const page = async () => (await get(`/api/surveys/dataset-respondents?datasetId=${dataset.id}`)).json();
  const detail = () => get(`/api/surveys/assets/${asset.id}`);
  // Both read once, so that what follows is answered from memory unless a change is notified.
  expect((await detail()).statusCode).toBe(200);
  expect((await page()).meta.totalItems).toBe(1);
  return { dataset, survey, asset, page, detail };
}

describe("visitors' reads of assets, kept in memory", () => {
  it('show an edited answer, a new photo and a new asset at once', async () => {
    const { dataset, survey, asset, page, detail } = await publishedAsset();

    await database.db
      .update(answersTable)
      .set({ value: 'Mure guri, çati e re' })
      .where(eq(answersTable.assetId, asset.id));
    expect((await detail()).json().answers[0].value).toBe('Mure guri, çati e re');

    const mediaList = async () => (await get(`/api/surveys/assets/${asset.id}/media`)).json().items;
    expect(await mediaList()).toEqual([]);
    await createMedia(database.db, asset.id);
    expect((await detail()).json().photoUrl).toEqual(expect.any(String));
    expect(await mediaList()).toEqual([expect.objectContaining({ type: 'PHOTO', url: expect.any(String) })]);
    expect((await page()).items[0].photoUrl).toEqual(expect.any(String));

    await createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id });
    expect((await page()).meta.totalItems).toBe(2);
  });

  it("show a question's or an option's edited text at once", async () => {
    const { asset, questions } = await assetWithAnswers();
    const detail = async () => (await get(`/api/surveys/assets/${asset.id}`, { language: 'en' })).json();
    expect((await detail()).answers[0]).toMatchObject({ title: 'Materials', optionDescription: 'Stone' });

    await database.db
      .update(questionsTable)
      .set({ titleEn: 'Building materials' })
      .where(eq(questionsTable.id, questions.q2.id));
    expect((await detail()).answers[0]).toMatchObject({ title: 'Building materials', optionDescription: 'Stone' });

    await database.db
      .update(questionOptionsTable)
      .set({ descriptionEn: 'Stone masonry' })
      .where(eq(questionOptionsTable.questionId, questions.q2.id));
    expect((await detail()).answers[0]).toMatchObject({ optionDescription: 'Stone masonry' });
  });

  it('hide an asset as soon as an administrator rejects it, or its dataset goes offline', async () => {
    const rejected = await publishedAsset();
    const review = await app.inject({
      method: 'PATCH',
      url: `/api/surveys/assets/${rejected.asset.id}/status`,
      headers: await asAdmin(database.db),
      payload: { status: 'REJECTED' },
    });
    expect(review.statusCode).toBe(200);
    expect((await rejected.detail()).statusCode).toBe(404);
    expect((await rejected.page()).meta.totalItems).toBe(0);

    const offline = await publishedAsset();
    await database.db.update(datasetsTable).set({ isActive: false }).where(eq(datasetsTable.id, offline.dataset.id));
    expect((await offline.detail()).statusCode).toBe(404);
    expect((await offline.page()).items).toEqual([]);
  });

  it("show their dataset's new name at once, whichever other datasets were edited before", async () => {
    const { dataset, detail } = await publishedAsset();
    const other = await publishedAsset();
    await database.db
      .update(datasetsTable)
      .set({ descriptionEn: 'Edited' })
      .where(eq(datasetsTable.id, other.dataset.id));
    expect((await detail()).json().datasetName).toBe(dataset.name);

    await database.db.update(datasetsTable).set({ name: 'Kullat e Drenicës' }).where(eq(datasetsTable.id, dataset.id));
    expect((await detail()).json().datasetName).toBe('Kullat e Drenicës');
  });

  it("keep counting an asset's views across the batches in which views are written", async () => {
    const { asset, detail } = await publishedAsset();
    const stored = async () =>
      (
        await database.db
          .select({ n: listedAssetColumns.viewCount })
          .from(assetsTable)
          .where(eq(assetsTable.id, asset.id))
      )[0]?.n;
    // The read in publishedAsset() was the first view, written in the batch this flush writes.
    await views.flush();
    expect(await stored()).toBe(1);
    expect((await detail()).json().viewCount).toBe(2);
    expect((await detail()).json().viewCount).toBe(3);
  });
});
