import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, questions, surveys } from '../../db/schema/index';
import { createAsset, createDataset, createQuestion, createSurvey, createUser } from '../../test/factories';
import { startTestApp, testConfig } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { TokenService } from '../auth';

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

/** A second, named administrator, to tell who created a survey from who changed it. */
async function namedAdmin(userName: string) {
  const user = await createUser(database.db, { userName, role: ROLE.ADMIN });
  const token = await new TokenService(testConfig().auth.jwtSecret, 3600).sign({
    guest: false,
    userId: user.id,
    role: ROLE.ADMIN,
  });
  return { user, headers: { authorization: `Bearer ${token}` } };
}

let wordCounter = 0;
/** A word no other test's descriptions contain, so `q=` isolates this test's surveys. */
const uniqueWord = () => `Fjala${++wordCounter}x${Date.now().toString(36)}`;

describe('creating and reading surveys', () => {
  it('creates a survey stamped with the administrator who made it, and records it', async () => {
    const { user, headers } = await namedAdmin('Drita');
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys',
      headers,
      payload: {
        surveyState: 1,
        descriptionXk: 'Formulari i kullave',
        descriptionEn: 'Tower houses form',
        descriptionSr: '',
        longDescriptionXk: 'Regjistrimi i kullave në Dukagjin',
        insBy: 'someone else',
      },
    });
    expect(response.statusCode).toBe(201);
    const survey = response.json();
    expect(survey).toMatchObject({
      surveyState: 1,
      description: 'Formulari i kullave',
      descriptionEn: 'Tower houses form',
      descriptionSr: null,
      longDescription: 'Regjistrimi i kullave në Dukagjin',
      insBy: 'Drita',
      ludBy: 'Drita',
      defaultDatasetId: null,
    });
    expect(Date.parse(survey.insDate)).not.toBeNaN();

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'survey'), eq(auditLog.subjectId, String(survey.id))));
    expect(entry).toMatchObject({ action: 'survey.create', actorId: user.id, actorName: 'Drita' });
  });

  it('is active unless told otherwise, and reads in the language asked, falling back to Albanian', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/surveys',
      headers: admin,
      payload: { descriptionXk: 'Anketa e urave', descriptionEn: 'Bridges survey' },
    });
    expect(created.json().surveyState).toBe(1);
    const id = created.json().id;

    const inEnglish = await app.inject({ url: `/api/surveys/${id}`, headers: { ...admin, language: 'en' } });
    expect(inEnglish.json()).toMatchObject({ id, description: 'Bridges survey' });
    const inSerbian = await app.inject({ url: `/api/surveys/${id}`, headers: { ...admin, language: 'sr' } });
    expect(inSerbian.json()).toMatchObject({ id, description: 'Anketa e urave', descriptionSr: null });
  });

  it('keeps the default dataset a survey names, and refuses one that does not exist', async () => {
    const dataset = await createDataset(database.db);
    const created = await app.inject({
      method: 'POST',
      url: '/api/surveys',
      headers: admin,
      payload: { descriptionXk: 'Me grup të dhënash', defaultDatasetId: dataset.id },
    });
    expect(created.json().defaultDatasetId).toBe(dataset.id);

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/surveys',
      headers: admin,
      payload: { descriptionXk: 'Pa grup', defaultDatasetId: 999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'defaultDatasetId', code: 'dataset_not_found' });
  });

  it('names the bad field of a survey it cannot store', async () => {
    const badState = await app.inject({
      method: 'POST',
      url: '/api/surveys',
      headers: admin,
      payload: { surveyState: 2, descriptionXk: 'Gjendje e gabuar' },
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().field).toBe('surveyState');

    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/surveys',
      headers: admin,
      payload: { descriptionEn: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('descriptionEn');
  });

  it('answers an unknown survey with 404 and a malformed id with 400', async () => {
    const missing = await app.inject({ url: '/api/surveys/999999', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('survey_not_found');
    expect((await app.inject({ url: '/api/surveys/abc', headers: admin })).statusCode).toBe(400);
  });
});

describe('the survey list', () => {
  it('pages the surveys newest first', async () => {
    const word = uniqueWord();
    for (const n of [1, 2, 3]) await createSurvey(database.db, { descriptionXk: `${word} ${n}` });
    const first = await app.inject({ url: `/api/surveys?page=1&limit=2&q=${word}`, headers: admin });
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((s: { description: string }) => s.description)).toEqual([`${word} 3`, `${word} 2`]);
    expect(first.json().meta).toEqual({ page: 1, limit: 2, totalItems: 3, totalPages: 2 });
    const second = await app.inject({ url: `/api/surveys?page=2&limit=2&q=${word}`, headers: admin });
    expect(second.json().items.map((s: { description: string }) => s.description)).toEqual([`${word} 1`]);
  });

  it('finds a survey by its short description in any of the three languages, ignoring case and accents', async () => {
    const word = uniqueWord();
    const albanian = await createSurvey(database.db, { descriptionXk: `Trashëgimia ${word}` });
    const english = await createSurvey(database.db, { descriptionXk: 'Tjetër', descriptionEn: `Heritage ${word}` });
    const serbian = await createSurvey(database.db, { descriptionXk: 'Tjetër', descriptionSr: `Nasleđe ${word}` });
    await createSurvey(database.db, { descriptionXk: 'Tjetër', longDescriptionXk: `Vetëm i gjati ${word}` });

    const found = await app.inject({ url: `/api/surveys?q=${word.toUpperCase()}`, headers: admin });
    expect(
      found
        .json()
        .items.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([albanian.id, english.id, serbian.id].sort());
    const accentless = await app.inject({
      url: `/api/surveys?q=${encodeURIComponent(`trashegimia ${word}`)}`,
      headers: admin,
    });
    expect(accentless.json().items.map((s: { id: number }) => s.id)).toEqual([albanian.id]);
  });
});

describe('changing a survey', () => {
  it('changes only the fields sent and stamps who changed it and when', async () => {
    const creator = await namedAdmin('Arben');
    const editor = await namedAdmin('Besa');
    const created = (
      await app.inject({
        method: 'POST',
        url: '/api/surveys',
        headers: creator.headers,
        payload: { descriptionXk: 'Para', descriptionEn: 'Before' },
      })
    ).json();

    const response = await app.inject({
      method: 'PATCH',
      url: `/api/surveys/${created.id}`,
      headers: editor.headers,
      payload: { surveyState: 0, descriptionXk: 'Pas', descriptionEn: null },
    });
    expect(response.statusCode).toBe(200);
    const changed = response.json();
    expect(changed).toMatchObject({
      surveyState: 0,
      descriptionXk: 'Pas',
      descriptionEn: null,
      insBy: 'Arben',
      ludBy: 'Besa',
      insDate: created.insDate,
    });
    expect(Date.parse(changed.lud)).toBeGreaterThanOrEqual(Date.parse(created.lud));

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'survey.update'), eq(auditLog.subjectId, String(created.id))));
    expect(entry).toMatchObject({
      actorName: 'Besa',
      before: expect.objectContaining({ descriptionXk: 'Para', surveyState: 1 }),
      after: expect.objectContaining({ descriptionXk: 'Pas', surveyState: 0 }),
    });
  });

  it('answers a change of an unknown survey with 404', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/surveys/999999',
      headers: admin,
      payload: { surveyState: 0 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('deleting a survey', () => {
  it('deletes a survey without assets together with its questions', async () => {
    const survey = await createSurvey(database.db);
    await createQuestion(database.db, survey.id);
    const response = await app.inject({ method: 'DELETE', url: `/api/surveys/${survey.id}`, headers: admin });
    expect(response.statusCode).toBe(204);
    expect(await database.db.select().from(surveys).where(eq(surveys.id, survey.id))).toHaveLength(0);
    expect(await database.db.select().from(questions).where(eq(questions.surveyId, survey.id))).toHaveLength(0);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'survey.delete'), eq(auditLog.subjectId, String(survey.id))));
    expect(entry?.before).toMatchObject({ id: survey.id });
  });

  it('refuses to delete a survey that has assets, and suggests making it passive', async () => {
    const survey = await createSurvey(database.db);
    const dataset = await createDataset(database.db);
    await createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id });
    const response = await app.inject({ method: 'DELETE', url: `/api/surveys/${survey.id}`, headers: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'survey_has_assets', message: expect.stringMatching(/passive/) });
    expect(await database.db.select().from(surveys).where(eq(surveys.id, survey.id))).toHaveLength(1);
  });

  it('answers the deletion of an unknown survey with 404', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/surveys/999999', headers: admin })).statusCode).toBe(404);
  });
});

describe('who may use the survey calls', () => {
  const calls = (id: number) =>
    [
      { method: 'GET', url: '/api/surveys' },
      { method: 'POST', url: '/api/surveys', payload: { descriptionXk: 'x' } },
      { method: 'GET', url: `/api/surveys/${id}` },
      { method: 'PATCH', url: `/api/surveys/${id}`, payload: { surveyState: 0 } },
      { method: 'DELETE', url: `/api/surveys/${id}` },
    ] as const;

  it('refuses visitors without a session (401), and guests and users (403)', async () => {
    const survey = await createSurvey(database.db);
    const callers = [
      { headers: {}, status: 401 },
      { headers: await asGuest(), status: 403 },
      { headers: await asUser(database.db), status: 403 },
    ];
    for (const { headers, status } of callers) {
      for (const call of calls(survey.id)) {
        const response = await app.inject({ ...call, headers });
        expect({ ...call, status: response.statusCode }).toEqual({ ...call, status });
      }
    }
    expect(await database.db.select().from(surveys).where(eq(surveys.id, survey.id))).toHaveLength(1);
  });

  it('leaves the asset routes that share /surveys to the assets module', async () => {
    const survey = await createSurvey(database.db);
    const dataset = await createDataset(database.db);
    const asset = await createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id });

    const list = await app.inject({ url: `/api/surveys/assets?surveyId=${survey.id}`, headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([asset.id]);
    // Public, as before: the survey routes' admin guard does not reach them.
    const anonymous = await app.inject({ url: `/api/surveys/dataset-respondents?datasetId=${dataset.id}` });
    expect(anonymous.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/surveys/assets/${asset.id}` })).statusCode).toBe(200);
  });
});
