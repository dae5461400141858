import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { findDatasetSurveyIds } from './datasets.repo';

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

let wordCounter = 0;
/** A word no other test's datasets contain, so a search isolates this test's datasets. */
const uniqueWord = () => `Tag${++wordCounter}x${Date.now().toString(36)}`;

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('GET /api/datasets', () => {
  it('shows each dataset with its approved assets, the surveys they use and their questions', async () => {
    const db = database.db;
    const word = uniqueWord();
    const dataset = await createDataset(db, { name: `Kalatë ${word}` });
    const active = await createSurvey(db);
    const passive = await createSurvey(db, { surveyState: 0 });
    await createQuestion(db, active.id, { questionCategory: 'CHAPTER', questionType: null });
    await createQuestion(db, active.id);
    await createQuestion(db, active.id, { questionType: 'TEXT' });
    await createQuestion(db, passive.id);
    // A survey of another dataset does not count here.
    await createQuestion(db, (await createSurvey(db)).id);
    await createAsset(db, { surveyId: active.id, datasetId: dataset.id });
    await createAsset(db, { surveyId: active.id, datasetId: dataset.id });
    await createAsset(db, { surveyId: active.id, datasetId: dataset.id, status: 'UPLOADED' });
    await createAsset(db, { surveyId: passive.id, datasetId: dataset.id, status: 'REJECTED' });

    // The passive survey only a rejected asset uses is not shown to the public.
    const publicView = (await get(`/api/datasets?search=${word}`)).json();
    expect(publicView.items).toEqual([
      expect.objectContaining({
        id: dataset.id,
        name: `Kalatë ${word}`,
        isActive: true,
        stats: { totalResponses: 2, totalSurveys: 1, activeSurveys: 1, totalQuestions: 2 },
      }),
    ]);

    const adminView = (await get(`/api/datasets?search=${word}`, await asAdmin(database.db))).json();
    // An administrator is also told how many of them the public does not see.
    expect(adminView.items[0].stats).toEqual({
      totalResponses: 4,
      notPublicResponses: 2,
      totalSurveys: 2,
      activeSurveys: 1,
      totalQuestions: 3,
    });
  });

  it('describes a dataset in the language of the request, with all three texts', async () => {
    const word = uniqueWord();
    await createDataset(database.db, {
      name: word,
      descriptionXk: 'Kulla guri',
      descriptionEn: 'Stone towers',
      descriptionSr: 'Kamene kule',
    });
    const [english] = (await get(`/api/datasets?search=${word}`, { language: 'en' })).json().items;
    expect(english).toMatchObject({
      description: 'Stone towers',
      descriptionXk: 'Kulla guri',
      descriptionEn: 'Stone towers',
      descriptionSr: 'Kamene kule',
    });
    const [albanian] = (await get(`/api/datasets?search=${word}`)).json().items;
    expect(albanian.description).toBe('Kulla guri');
  });

  it('finds datasets by name or description, ignoring case and accents', async () => {
    const word = uniqueWord();
    const dataset = await createDataset(database.db, { name: `Peizazhe ${word}`, descriptionXk: 'Gryka e Rugovës' });
    const byDescription = (await get(`/api/datasets?search=${encodeURIComponent(' RUGOVES ')}`)).json();
    expect(byDescription.items.map((d: { id: number }) => d.id)).toContain(dataset.id);
    const byName = (await get(`/api/datasets?search=peizazhe%20${word.toLowerCase()}`)).json();
    expect(byName.items.map((d: { id: number }) => d.id)).toEqual([dataset.id]);
  });

  it('hides inactive datasets from everyone but an admin who asks for them', async () => {
    const word = uniqueWord();
    const inactive = await createDataset(database.db, { name: `Arkiva ${word}`, isActive: false });
    const ids = async (url: string, headers?: Record<string, string>) =>
      (await get(url, headers)).json().items.map((d: { id: number }) => d.id);

    expect(await ids(`/api/datasets?search=${word}&includeInactive=true`)).toEqual([]);
    expect(await ids(`/api/datasets?search=${word}&includeInactive=true`, await asUser(database.db))).toEqual([]);
    expect(await ids(`/api/datasets?search=${word}`, await asAdmin(database.db))).toEqual([]);
    expect(await ids(`/api/datasets?search=${word}&includeInactive=1`, await asAdmin(database.db))).toEqual([
      inactive.id,
    ]);

    expect((await get(`/api/datasets/${inactive.id}`)).statusCode).toBe(404);
    const forAdmin = await get(`/api/datasets/${inactive.id}`, await asAdmin(database.db));
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toMatchObject({ id: inactive.id, isActive: false });
  });

  it('counts every asset of an inactive dataset, approved or not, among those the public does not see', async () => {
    const db = database.db;
    const inactive = await createDataset(db, { isActive: false });
    const survey = await createSurvey(db);
    await createAsset(db, { surveyId: survey.id, datasetId: inactive.id });
    await createAsset(db, { surveyId: survey.id, datasetId: inactive.id, status: 'UPLOADED' });
    const forAdmin = (await get(`/api/datasets/${inactive.id}`, await asAdmin(db))).json();
    expect(forAdmin.stats).toMatchObject({ totalResponses: 2, notPublicResponses: 2 });
  });

  it('sorts alphabetically or by most responses, and pages with meta', async () => {
    const db = database.db;
    const word = uniqueWord();
    const survey = await createSurvey(db);
    const zeta = await createDataset(db, { name: `Zeta ${word}` });
    const alpha = await createDataset(db, { name: `alpha ${word}` });
    const beta = await createDataset(db, { name: `Beta ${word}` });
    for (const [dataset, count] of [
      [alpha, 2],
      [beta, 1],
    ] as const) {
      for (let i = 0; i < count; i++) await createAsset(db, { surveyId: survey.id, datasetId: dataset.id });
    }
    const names = async (query: string) =>
      (await get(`/api/datasets?search=${word}&${query}`)).json().items.map((d: { id: number }) => d.id);

    expect(await names('sortBy=name')).toEqual([alpha.id, beta.id, zeta.id]);
    expect(await names('sortBy=name&sortOrder=desc')).toEqual([zeta.id, beta.id, alpha.id]);
    expect(await names('sortBy=totalResponses&sortOrder=desc')).toEqual([alpha.id, beta.id, zeta.id]);
    expect(await names('sortBy=id')).toEqual([zeta.id, alpha.id, beta.id]);

    const secondPage = (await get(`/api/datasets?search=${word}&sortBy=name&limit=2&page=2`)).json();
    expect(secondPage.items.map((d: { id: number }) => d.id)).toEqual([zeta.id]);
    expect(secondPage.meta).toEqual({ page: 2, limit: 2, totalItems: 3, totalPages: 2 });
    const pastTheEnd = (await get(`/api/datasets?search=${word}&limit=2&page=5`)).json();
    expect(pastTheEnd).toEqual({ items: [], meta: { page: 5, limit: 2, totalItems: 3, totalPages: 2 } });
    expect((await get(`/api/datasets?search=${word}&limit=5000`)).json().meta.limit).toBe(1000);
  });

  it('refuses a bad sort or page with 400 naming the parameter', async () => {
    const badSort = await get('/api/datasets?sortBy=colour');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().field).toBe('sortBy');
    const badPage = await get('/api/datasets?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().field).toBe('page');
  });

  it('counts for non-admins only the surveys and questions of approved assets, as it counts responses', async () => {
    const db = database.db;
    const word = uniqueWord();
    const dataset = await createDataset(db, { name: `Ura ${word}` });
    const published = await createSurvey(db);
    await createQuestion(db, published.id);
    await createAsset(db, { surveyId: published.id, datasetId: dataset.id });
    // Used only by assets the public may not see, whatever their status.
    for (const status of ['UPLOADED', 'REJECTED', 'PASSIVE']) {
      const unpublished = await createSurvey(db);
      await createQuestion(db, unpublished.id);
      await createQuestion(db, unpublished.id);
      await createAsset(db, { surveyId: unpublished.id, datasetId: dataset.id, status });
    }
    // A dataset whose only asset awaits review shows no survey at all.
    const pending = await createDataset(db, { name: `Mulli ${word}` });
    await createAsset(db, { surveyId: published.id, datasetId: pending.id, status: 'UPLOADED' });

    const published1 = { totalResponses: 1, totalSurveys: 1, activeSurveys: 1, totalQuestions: 1 };
    const nothing = { totalResponses: 0, totalSurveys: 0, activeSurveys: 0, totalQuestions: 0 };
    for (const headers of [{}, await asGuest(), await asUser(database.db)]) {
      const items = (await get(`/api/datasets?search=${word}&sortBy=id`, headers)).json().items;
      expect(items.map((item: { stats: unknown }) => item.stats)).toEqual([published1, nothing]);
      expect((await get(`/api/datasets/${dataset.id}`, headers)).json().stats).toEqual(published1);
    }
    const stats = (await get(`/api/datasets/stats?ids=${dataset.id},${pending.id}`, await asUser(database.db))).json();
    expect(stats.items.map((item: { stats: unknown }) => item.stats)).toEqual([published1, nothing]);

    const adminItems = (await get(`/api/datasets?search=${word}&sortBy=id`, await asAdmin(database.db))).json().items;
    expect(adminItems.map((item: { stats: unknown }) => item.stats)).toEqual([
      { totalResponses: 4, notPublicResponses: 3, totalSurveys: 4, activeSurveys: 4, totalQuestions: 7 },
      { totalResponses: 1, notPublicResponses: 1, totalSurveys: 1, activeSurveys: 1, totalQuestions: 1 },
    ]);
  });
});

describe('findDatasetSurveyIds', () => {
  it('leaves out, when publicOnly, the surveys only unapproved assets use; every survey otherwise', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const published = await createSurvey(db);
    const mixed = await createSurvey(db);
    const unpublished = await createSurvey(db);
    await createAsset(db, { surveyId: published.id, datasetId: dataset.id });
    await createAsset(db, { surveyId: mixed.id, datasetId: dataset.id, status: 'UPLOADED' });
    await createAsset(db, { surveyId: mixed.id, datasetId: dataset.id });
    await createAsset(db, { surveyId: unpublished.id, datasetId: dataset.id, status: 'UPLOADED' });
    await createAsset(db, { surveyId: unpublished.id, datasetId: dataset.id, status: 'REJECTED' });
    await createAsset(db, { surveyId: unpublished.id, datasetId: dataset.id, status: 'PASSIVE' });
    // Approved, but in another dataset.
    await createAsset(db, { surveyId: unpublished.id, datasetId: (await createDataset(db)).id });

    expect(await findDatasetSurveyIds(db, dataset.id, { publicOnly: true })).toEqual([published.id, mixed.id]);
    expect(await findDatasetSurveyIds(db, dataset.id, { publicOnly: false })).toEqual([
      published.id,
      mixed.id,
      unpublished.id,
    ]);
    // Today's callers, without the option, keep getting every survey.
    expect(await findDatasetSurveyIds(db, dataset.id)).toEqual([published.id, mixed.id, unpublished.id]);
  });
});

describe('GET /api/datasets/:id', () => {
  it('gives one dataset with its stats', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    await createAsset(db, { surveyId: survey.id, datasetId: dataset.id });
    const response = await get(`/api/datasets/${dataset.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: dataset.id, name: dataset.name, stats: { totalResponses: 1 } });
  });

  it('names when its published data last changed: a published asset or the dataset itself, at once', async () => {
    const db = database.db;
    const day = (date: string) => new Date(`${date}T12:00:00.000Z`);
    const dataset = await createDataset(db, { updatedAt: day('2024-01-10') });
    const survey = await createSurvey(db);
    const lastUpdate = async () => (await get(`/api/datasets/${dataset.id}`)).json().lastUpdate;
    // Without published assets, the dataset's own last change.
    expect(await lastUpdate()).toBe('2024-01-10T12:00:00.000Z');

    await createAsset(db, { surveyId: survey.id, datasetId: dataset.id, updatedAt: day('2024-03-01') });
    const waiting = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      status: 'UPLOADED',
      updatedAt: day('2024-06-01'),
    });
    // A submission the public does not see yet changes nothing it could cite.
    expect(await lastUpdate()).toBe('2024-03-01T12:00:00.000Z');

    await db
      .update(assets)
      .set({ status: 'APPROVED', updatedAt: day('2024-07-01') })
      .where(eq(assets.id, waiting.id));
    expect(await lastUpdate()).toBe('2024-07-01T12:00:00.000Z');
    await db
      .update(datasets)
      .set({ updatedAt: day('2024-08-01') })
      .where(eq(datasets.id, dataset.id));
    expect(await lastUpdate()).toBe('2024-08-01T12:00:00.000Z');
  });

  it('shows a change of its assets, description, surveys or questions at once, whatever another dataset does', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const other = await createDataset(db);
    const survey = await createSurvey(db);
    await createQuestion(db, survey.id);
    const waiting = await createAsset(db, { surveyId: survey.id, datasetId: dataset.id, status: 'UPLOADED' });
    const adminHeaders = await asAdmin(db);
    const page = async (headers: Record<string, string> = {}) =>
      (await get(`/api/datasets/${dataset.id}`, headers)).json();
    expect((await page()).stats).toMatchObject({ totalResponses: 0, totalQuestions: 0 });
    expect((await page(adminHeaders)).stats).toMatchObject({ totalResponses: 1, totalQuestions: 1 });

    await createAsset(db, { surveyId: survey.id, datasetId: other.id });
    await db.update(assets).set({ status: 'APPROVED' }).where(eq(assets.id, waiting.id));
    expect((await page()).stats).toMatchObject({ totalResponses: 1, totalSurveys: 1, totalQuestions: 1 });
    expect((await page(adminHeaders)).stats).toMatchObject({ totalResponses: 1 });

    await createQuestion(db, survey.id);
    expect((await page()).stats).toMatchObject({ totalQuestions: 2 });

    await db.update(datasets).set({ descriptionEn: 'Fortress above the town' }).where(eq(datasets.id, dataset.id));
    expect(await page({ language: 'en' })).toMatchObject({ description: 'Fortress above the town' });
    expect((await page(adminHeaders)).stats).toMatchObject({ totalResponses: 1, totalQuestions: 2 });

    await createAsset(db, { surveyId: survey.id, datasetId: dataset.id, status: 'UPLOADED' });
    expect((await page(adminHeaders)).stats).toMatchObject({ totalResponses: 2 });
    expect((await page()).stats).toMatchObject({ totalResponses: 1 });
  });

  it("answers 404 'Dataset not found' for an unknown dataset, and 400 naming id for a malformed one", async () => {
    const missing = await get('/api/datasets/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Dataset not found', code: 'dataset_not_found' });

    const malformed = await get('/api/datasets/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid_input', field: 'id' });
  });
});

describe('GET /api/datasets/stats', () => {
  it('is for logged-in users: anonymous visitors get 401, guests 403', async () => {
    expect((await get('/api/datasets/stats')).statusCode).toBe(401);
    const guest = await get('/api/datasets/stats', await asGuest());
    expect(guest.statusCode).toBe(403);
  });

  it('gives the stats of the datasets asked for', async () => {
    const db = database.db;
    const survey = await createSurvey(db);
    const first = await createDataset(db);
    const second = await createDataset(db);
    await createDataset(db);
    await createAsset(db, { surveyId: survey.id, datasetId: second.id });

    const response = await get(`/api/datasets/stats?ids=${first.id},${second.id}`, await asUser(database.db));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          dataset: expect.objectContaining({ id: first.id, name: first.name }),
          stats: { totalResponses: 0, totalSurveys: 0, activeSurveys: 0, totalQuestions: 0 },
        },
        {
          dataset: expect.objectContaining({ id: second.id }),
          stats: { totalResponses: 1, totalSurveys: 1, activeSurveys: 1, totalQuestions: 0 },
        },
      ],
      meta: { page: 1, limit: 20, totalItems: 2, totalPages: 1 },
    });
    expect((await get('/api/datasets/stats?ids=1,x', await asUser(database.db))).json().field).toBe('ids');
  });
});

describe('GET /api/datasets/:id/filters', () => {
  it("offers the dataset's choice questions with their options, in question order and the request's language", async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    await createAsset(db, { surveyId: survey.id, datasetId: dataset.id });

    const tenth = await createQuestion(db, survey.id, {
      questionNr: '1.10',
      titleXk: 'Materiali',
      titleEn: 'Material',
    });
    await createOption(db, tenth.id, { value: 'Gur', descriptionXk: 'Gur', descriptionEn: 'Stone', optionOrder: 2 });
    await createOption(db, tenth.id, { value: 'Dru', descriptionXk: 'Dru', descriptionEn: 'Timber', optionOrder: 1 });
    await createOption(db, tenth.id, { value: 'Kashtë', isDeleted: true });
    const second = await createQuestion(db, survey.id, {
      questionNr: '1.2',
      questionType: 'DROPDOWN',
      questionIdentifier: 'MUNICIPALITY_NAME',
      titleXk: 'Komuna',
      titleEn: 'Municipality',
    });
    await createOption(db, second.id, { value: 'Pejë', descriptionEn: 'Peja' });
    // Borrows the options of 1.10.
    const borrowing = await createQuestion(db, survey.id, {
      questionNr: '2',
      questionType: 'MULTIPLE_CHOICE',
      optionsSourceQuestionId: tenth.id,
    });
    // Left out: a choice question without options, a text question, a question of another survey.
    await createQuestion(db, survey.id, { questionNr: '3' });
    const text = await createQuestion(db, survey.id, { questionNr: '4', questionType: 'TEXT' });
    await createOption(db, text.id);
    const elsewhere = await createQuestion(db, (await createSurvey(db)).id);
    await createOption(db, elsewhere.id);

    const english = await get(`/api/datasets/${dataset.id}/filters`, { language: 'en' });
    expect(english.statusCode).toBe(200);
    const items = english.json().items;
    expect(items.map((item: { question: { id: number } }) => item.question.id)).toEqual([
      second.id,
      tenth.id,
      borrowing.id,
    ]);
    expect(items[0].question).toEqual({
      id: second.id,
      questionType: 'DROPDOWN',
      questionIdentifier: 'MUNICIPALITY_NAME',
      title: 'Municipality',
      titleXk: 'Komuna',
      titleEn: 'Municipality',
      titleSr: expect.any(String),
      questionOptions: [
        expect.objectContaining({ value: 'Pejë', description: 'Peja', descriptionXk: 'Pejë', descriptionEn: 'Peja' }),
      ],
    });
    expect(items[1].question.questionOptions.map((o: { description: string }) => o.description)).toEqual([
      'Timber',
      'Stone',
    ]);
    expect(items[2].question.questionOptions.map((o: { value: string }) => o.value)).toEqual(['Dru', 'Gur']);

    const albanian = (await get(`/api/datasets/${dataset.id}/filters`)).json().items;
    expect(albanian[0].question.title).toBe('Komuna');
    expect(albanian[1].question.questionOptions[0].description).toBe('Dru');
  });

  it('offers non-admins no question of a survey that only unapproved assets of the dataset use', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const published = await createSurvey(db);
    await createAsset(db, { surveyId: published.id, datasetId: dataset.id });
    await createAsset(db, { surveyId: published.id, datasetId: dataset.id, status: 'UPLOADED' });
    const shown = await createQuestion(db, published.id, { questionNr: '1' });
    await createOption(db, shown.id);
    const hidden: number[] = [];
    for (const status of ['UPLOADED', 'REJECTED', 'PASSIVE']) {
      const unpublished = await createSurvey(db);
      await createAsset(db, { surveyId: unpublished.id, datasetId: dataset.id, status });
      const question = await createQuestion(db, unpublished.id, { questionNr: `2.${hidden.length + 1}` });
      await createOption(db, question.id);
      hidden.push(question.id);
    }
    const questionIds = async (headers?: Record<string, string>) =>
      (await get(`/api/datasets/${dataset.id}/filters`, headers))
        .json()
        .items.map((item: { question: { id: number } }) => item.question.id);

    for (const headers of [undefined, await asGuest(), await asUser(database.db)]) {
      expect(await questionIds(headers)).toEqual([shown.id]);
    }
    expect(await questionIds(await asAdmin(database.db))).toEqual([shown.id, ...hidden]);
  });

  it('answers 404 for an unknown or inactive dataset', async () => {
    expect((await get('/api/datasets/987654/filters')).json().message).toBe('Dataset not found');
    const inactive = await createDataset(database.db, { isActive: false });
    expect((await get(`/api/datasets/${inactive.id}/filters`)).statusCode).toBe(404);
    expect((await get(`/api/datasets/${inactive.id}/filters`, await asAdmin(database.db))).statusCode).toBe(200);
  });
});
