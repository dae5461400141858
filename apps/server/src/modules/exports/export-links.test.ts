import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { TokenService } from '../auth';
import { createAsset, createDataset, createQuestion, createSurvey, createUser } from '../../test/factories';
import { ManualClock } from '../../test/manual-clock';
import { startTestApp, testConfig } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;
let clock: ManualClock;
let datasetId: number;
let questionId: number;
let pendingId: string;
let owner: { authorization: string };
let other: { authorization: string };
let admin: { authorization: string };
let signIn: (userId: number) => Promise<{ authorization: string }>;
let ownerId: number;

const LINK_PATH = '/api/surveys/dataset-respondents/export-link';

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const dataset = await createDataset(db, { name: 'Kalatë' });
  datasetId = dataset.id;
  const survey = await createSurvey(db);
  const question = await createQuestion(db, survey.id, { questionNr: '1', titleXk: 'Gjendja', titleEn: 'Condition' });
  questionId = question.id;
  await createAsset(db, {
    surveyId: survey.id,
    datasetId,
    name: 'Kalaja e Prizrenit',
    latitude: 42.2096,
    longitude: 20.7434,
    answers: [{ questionId: question.id, value: 'E mirë' }],
  });
  pendingId = (await createAsset(db, { surveyId: survey.id, datasetId, name: 'Në shqyrtim', status: 'UPLOADED' })).id;

  clock = new ManualClock();
  app = await startTestApp(database, {}, clock);
  const tokens = new TokenService(testConfig().auth.jwtSecret, 3600);
  signIn = async (userId) => ({
    authorization: `Bearer ${await tokens.sign({ guest: false, userId, role: ROLE.USER })}`,
  });
  ownerId = (await createUser(db)).id;
  owner = await signIn(ownerId);
  other = await signIn((await createUser(db)).id);
  admin = await asAdmin(db);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function linkFor(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: LINK_PATH,
    headers,
    payload: { datasetId, exportType: 'GEOJSON', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; expiresAt: string };
}

const follow = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

/** The link with one query parameter replaced. */
function withParameter(url: string, name: string, value: string | null) {
  const link = new URL(url, 'http://localhost');
  if (value === null) link.searchParams.delete(name);
  else link.searchParams.set(name, value);
  return `${link.pathname}${link.search}`;
}

describe('POST /api/surveys/dataset-respondents/export-link', () => {
  it('answers a link that downloads the export without a token, as an attachment, in the language asked in', async () => {
    const asked = clock.now();
    const link = await linkFor({ ...owner, language: 'en' });
    expect(link.url).toMatch(/^\/api\/surveys\/dataset-respondents\/export\?/);
    const expiresAt = Date.parse(link.expiresAt);
    expect(expiresAt - asked).toBeGreaterThanOrEqual(59_000);
    expect(expiresAt - asked).toBeLessThanOrEqual(60_000);

    const download = await follow(link.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/geo+json');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="kalate-\d{4}-\d{2}-\d{2}\.geojson"/,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    const collection = download.json();
    expect(collection.type).toBe('FeatureCollection');
    // As the owner sees the dataset: the asset under review is not public.
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0].properties).toMatchObject({ name: 'Kalaja e Prizrenit', '1 Condition': 'E mirë' });

    // The account it was made for may send its token along.
    expect((await follow(link.url, owner)).statusCode).toBe(200);
  });

  it("exports with the account's role: an administrator's link holds the assets under review", async () => {
    const download = await follow((await linkFor(admin)).url);
    expect(download.json().features.map((feature: { id: string }) => feature.id)).toContain(pendingId);
  });

  it('refuses anonymous visitors (401) and guests (403), and checks the export first (404, 400 naming the field)', async () => {
    const body = { datasetId, exportType: 'KML' };
    expect((await app.inject({ method: 'POST', url: LINK_PATH, payload: body })).statusCode).toBe(401);
    const guest = await app.inject({ method: 'POST', url: LINK_PATH, headers: await asGuest(), payload: body });
    expect(guest.statusCode).toBe(403);

    const unknown = await app.inject({
      method: 'POST',
      url: LINK_PATH,
      headers: owner,
      payload: { datasetId: 987654 },
    });
    expect(unknown.statusCode).toBe(404);
    const badType = await app.inject({
      method: 'POST',
      url: LINK_PATH,
      headers: owner,
      payload: { datasetId, exportType: 'SHP' },
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ field: 'exportType' });
  });

  it('answers 413 when the filters are too many for an address, which POST …/export still takes', async () => {
    // Random text, which no compression shortens.
    const filters = [
      { questionId, questionOptionValues: Array.from({ length: 100 }, () => randomBytes(100).toString('hex')) },
    ];
    const tooLong = await app.inject({
      method: 'POST',
      url: LINK_PATH,
      headers: owner,
      payload: { datasetId, filters },
    });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ code: 'export_link_too_long' });
    const direct = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: owner,
      payload: { datasetId, exportType: 'CSV', filters },
    });
    expect(direct.statusCode).toBe(200);
  });
});

describe('GET /api/surveys/dataset-respondents/export (a download link)', () => {
  it('refuses a link once it has expired (403 link_expired)', async () => {
    const link = await linkFor(owner);
    clock.advance(30_000);
    expect((await follow(link.url)).statusCode).toBe(200);
    clock.advance(31_000);
    const expired = await follow(link.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'link_expired' });
  });

  it('refuses an altered, incomplete or borrowed link (403 link_invalid)', async () => {
    const link = await linkFor(owner);
    const kml = await linkFor(owner, { exportType: 'KML' });
    const exportOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('export')!;
    const expiresOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('expires')!;
    const altered = [
      // Another export under this link's signature.
      withParameter(link.url, 'export', exportOf(kml.url)),
      withParameter(link.url, 'expires', String(Number(expiresOf(link.url)) + 3600)),
      withParameter(link.url, 'signature', 'A'.repeat(43)),
      withParameter(link.url, 'signature', null),
      withParameter(link.url, 'export', null),
      withParameter(link.url, 'expires', 'soon'),
      withParameter(link.url, 'export', 'not-deflated'),
      '/api/surveys/dataset-respondents/export',
    ];
    for (const url of altered) {
      const response = await follow(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({ code: 'link_invalid' });
    }
    expect((await follow(link.url)).statusCode).toBe(200);
  });

  it("refuses another account's link (403 link_other_account)", async () => {
    const link = await linkFor(owner);
    for (const headers of [other, admin, await asGuest()]) {
      const response = await follow(link.url, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'link_other_account' });
    }
  });

  it('stops working once the session that asked for it has signed out', async () => {
    const session = await signIn(ownerId);
    const link = await linkFor(session);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: session });
    expect(logout.statusCode).toBe(204);
    const response = await follow(link.url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'link_invalid' });
    // The account's other sessions' links still work.
    expect((await follow((await linkFor(owner)).url)).statusCode).toBe(200);
  });
});
