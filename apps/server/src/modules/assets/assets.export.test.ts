import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@trashegimia/contract/common';
import type { DatabaseHandle } from '../../db/client';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { type ExportRow, openDatasetExport } from './assets.export';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const admin = { guest: false, userId: 1, role: ROLE.ADMIN } as const;

/** The dataset page's default order. */
const newestFirst = { sortBy: 'date', sortOrder: 'desc' } as const;

async function collect(batches: AsyncIterable<ExportRow[]>) {
  const sizes: number[] = [];
  const rows: ExportRow[] = [];
  for await (const batch of batches) {
    sizes.push(batch.length);
    rows.push(...batch);
  }
  return { sizes, rows };
}

/** Seven approved assets (three sharing one date, two a microsecond apart) and one pending. */
async function exportableDataset() {
  const db = database.db;
  const dataset = await createDataset(db, { name: 'Monumente' });
  const survey = await createSurvey(db);
  await createQuestion(db, survey.id, { questionNr: '1', questionCategory: 'CHAPTER', questionType: null });
  const notes = await createQuestion(db, survey.id, {
    questionNr: '1.10',
    questionType: 'TEXT',
    titleXk: 'Shënime',
    titleEn: 'Notes',
  });
  const materials = await createQuestion(db, survey.id, {
    questionNr: '1.2',
    questionType: 'MULTIPLE_CHOICE',
    titleXk: 'Materialet',
    titleEn: 'Materials',
  });
  const stone = await createOption(db, materials.id, { value: 'Gur', descriptionEn: 'Stone', optionOrder: 1 });
  const other = await createOption(db, materials.id, { value: 'Tjetër', descriptionEn: 'Other', optionOrder: 3 });
  const timber = await createOption(db, materials.id, { value: 'Dru', descriptionEn: 'Timber', optionOrder: 2 });
  const condition = await createQuestion(db, survey.id, { questionNr: '2', titleXk: 'Gjendja', titleEn: 'Condition' });
  const good = await createOption(db, condition.id, { value: 'E mirë', descriptionEn: 'Good' });

  const make = (date: Date | ReturnType<typeof sql>, fields: Partial<Parameters<typeof createAsset>[1]> = {}) =>
    createAsset(db, { surveyId: survey.id, datasetId: dataset.id, date: date as Date, ...fields });
  const sameDay = new Date('2024-03-01T08:00:00Z');
  const first = await make(new Date('2024-01-01T08:00:00Z'), {
    name: 'Kulla e Jasharëve',
    municipality: 'Skenderaj',
    latitude: 42.74,
    longitude: 20.79,
    risk: '1',
    riskLevel: 'high',
    answers: [
      { questionId: materials.id, optionId: timber.id, value: 'Dru' },
      { questionId: materials.id, optionId: other.id, value: 'Tjetër', value2: 'qerpiç' },
      { questionId: materials.id, optionId: stone.id, value: 'Gur' },
      { questionId: notes.id, value: 'Restauruar' },
      { questionId: condition.id, optionId: good.id, value: 'E mirë' },
    ],
  });
  const tied = [await make(sameDay), await make(sameDay), await make(sameDay)];
  const microA = await make(sql`'2024-04-01 08:00:00.000001+00'`);
  const microB = await make(sql`'2024-04-01 08:00:00.000002+00'`);
  const last = await make(new Date('2024-05-01T08:00:00Z'), {
    answers: [{ questionId: condition.id, optionId: good.id, value: 'E mirë' }],
  });
  const pending = await make(new Date('2024-06-01T08:00:00Z'), { status: 'UPLOADED' });
  return {
    dataset,
    questions: { notes, materials, condition },
    options: { good },
    order: [first, ...[...tied].sort((a, b) => a.id.localeCompare(b.id)), microA, microB, last].map((a) => a.id),
    pending,
  };
}

describe('openDatasetExport', () => {
  it('streams every visible asset in batches, newest first as the dataset page lists them, none twice', async () => {
    const { dataset, order, pending } = await exportableDataset();
    const newestFirstOrder = [...order].reverse();
    const exported = await openDatasetExport(
      database.db,
      null,
      { datasetId: dataset.id, filters: [], order: newestFirst },
      'xk',
      { batchSize: 2 },
    );
    expect(exported.dataset).toEqual({ id: dataset.id, name: 'Monumente' });
    expect(exported.total).toBe(7);
    const { sizes, rows } = await collect(exported.batches());
    expect(sizes).toEqual([2, 2, 2, 1]);
    expect(rows.map((row) => row.id)).toEqual(newestFirstOrder);
    expect(rows.map((row) => row.id)).not.toContain(pending.id);

    // One at a time, the cursor lands on every tie and on each of the microsecond-apart dates.
    const oneByOne = await openDatasetExport(
      database.db,
      null,
      { datasetId: dataset.id, filters: [], order: newestFirst },
      'xk',
      { batchSize: 1 },
    );
    expect((await collect(oneByOne.batches())).rows.map((row) => row.id)).toEqual(newestFirstOrder);
    const oldestFirst = await openDatasetExport(
      database.db,
      null,
      { datasetId: dataset.id, filters: [], order: { sortBy: 'date', sortOrder: 'asc' } },
      'xk',
      { batchSize: 1 },
    );
    expect((await collect(oldestFirst.batches())).rows.map((row) => row.id)).toEqual(order);

    // Each call to batches() is a new pass; an admin's includes the pending asset.
    const forAdmin = await openDatasetExport(
      database.db,
      admin,
      { datasetId: dataset.id, filters: [], order: newestFirst },
      'xk',
      { batchSize: 3 },
    );
    expect(forAdmin.total).toBe(8);
    expect((await collect(forAdmin.batches())).rows[0]!.id).toBe(pending.id);
  });

  it('follows the name order either way: the Albanian alphabet, nameless assets last, then newest first', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const make = (name: string | null, date: string) =>
      createAsset(db, { surveyId: survey.id, datasetId: dataset.id, name, date: new Date(date) }).then(({ id }) => id);
    const ura = await make('Ura', '2024-01-01T08:00:00Z');
    const carshia = await make('Çarshia', '2024-01-02T08:00:00Z');
    const cabrat = await make('cabrat', '2024-01-03T08:00:00Z');
    const olderKulla = await make('Kulla', '2024-01-04T08:00:00Z');
    const tiedKullas = [await make('kulla', '2024-02-01T08:00:00Z'), await make('Kulla', '2024-02-01T08:00:00Z')];
    const ara = await make('Ara', '2024-01-05T08:00:00Z');
    const olderNameless = await make(null, '2024-01-06T08:00:00Z');
    const tiedNameless = [await make(null, '2024-03-01T08:00:00Z'), await make(null, '2024-03-01T08:00:00Z')];
    const byId = (ids: string[], direction: 'asc' | 'desc') =>
      [...ids].sort((a, b) => (direction === 'asc' ? a.localeCompare(b) : b.localeCompare(a)));
    const expected = {
      asc: [
        ara,
        cabrat,
        carshia,
        ...byId(tiedKullas, 'asc'),
        olderKulla,
        ura,
        ...byId(tiedNameless, 'asc'),
        olderNameless,
      ],
      desc: [
        ura,
        ...byId(tiedKullas, 'desc'),
        olderKulla,
        carshia,
        cabrat,
        ara,
        ...byId(tiedNameless, 'desc'),
        olderNameless,
      ],
    };
    for (const sortOrder of ['asc', 'desc'] as const) {
      // Batches of every size put the cursor on each name, each tie and the turn to the nameless.
      for (const batchSize of [1, 2, 3, 4, 100]) {
        const exported = await openDatasetExport(
          db,
          null,
          { datasetId: dataset.id, filters: [], order: { sortBy: 'name', sortOrder } },
          'xk',
          { batchSize },
        );
        const ids = (await collect(exported.batches())).rows.map((row) => row.id);
        expect(ids, `${sortOrder} in batches of ${batchSize}`).toEqual(expected[sortOrder]);
      }
    }
  });

  it('has one column per question in question order, and answers as text in the chosen language', async () => {
    const { dataset, questions } = await exportableDataset();
    const exported = await openDatasetExport(
      database.db,
      null,
      { datasetId: dataset.id, filters: [], order: newestFirst },
      'en',
    );
    expect(exported.columns).toEqual([
      { questionId: questions.materials.id, questionNr: '1.2', title: 'Materials' },
      { questionId: questions.notes.id, questionNr: '1.10', title: 'Notes' },
      { questionId: questions.condition.id, questionNr: '2', title: 'Condition' },
    ]);
    const kulla = (rows: ExportRow[]) => rows.find((row) => row.name === 'Kulla e Jasharëve');
    expect(kulla((await collect(exported.batches())).rows)).toEqual({
      id: expect.any(String),
      name: 'Kulla e Jasharëve',
      municipality: 'Skenderaj',
      village: null,
      date: '2024-01-01T08:00:00.000Z',
      status: 'APPROVED',
      latitude: 42.74,
      longitude: 20.79,
      riskLevel: 'high',
      answers: {
        [questions.materials.id]: 'Stone, Timber, Other — qerpiç',
        [questions.notes.id]: 'Restauruar',
        [questions.condition.id]: 'Good',
      },
    });

    const albanian = await openDatasetExport(
      database.db,
      null,
      { datasetId: dataset.id, filters: [], order: newestFirst },
      'xk',
    );
    expect(albanian.columns.map((column) => column.title)).toEqual(['Materialet', 'Shënime', 'Gjendja']);
    expect(kulla((await collect(albanian.batches())).rows)!.answers[questions.materials.id]).toBe(
      'Gur, Dru, Tjetër — qerpiç',
    );
  });

  it('exports only the filtered part, with the same rules as the filtered list', async () => {
    const { dataset, questions, options, order } = await exportableDataset();
    const exported = await openDatasetExport(
      database.db,
      null,
      {
        datasetId: dataset.id,
        filters: [
          { questionId: questions.condition.id, questionOptionIds: [options.good.id] },
          // Unknown option only: dropped.
          { questionId: questions.materials.id, questionOptionIds: [987654] },
        ],
        order: newestFirst,
      },
      'xk',
    );
    expect(exported.total).toBe(2);
    expect((await collect(exported.batches())).rows.map((row) => row.id)).toEqual([order.at(-1), order[0]]);
  });

  it("throws 'Dataset not found' for an unknown dataset, and for an inactive one unless admin", async () => {
    await expect(
      openDatasetExport(database.db, null, { datasetId: 987654, filters: [], order: newestFirst }, 'xk'),
    ).rejects.toMatchObject({
      statusCode: 404,
      message: 'Dataset not found',
    });
    const inactive = await createDataset(database.db, { isActive: false });
    await expect(
      openDatasetExport(database.db, null, { datasetId: inactive.id, filters: [], order: newestFirst }, 'xk'),
    ).rejects.toMatchObject({ statusCode: 404 });
    const forAdmin = await openDatasetExport(
      database.db,
      admin,
      { datasetId: inactive.id, filters: [], order: newestFirst },
      'xk',
    );
    expect(forAdmin).toMatchObject({ total: 0, columns: [] });
    expect((await collect(forAdmin.batches())).sizes).toEqual([]);
  });
});

describe('export columns', () => {
  it('leave out the questions of a survey that only unpublished assets use, except for admins', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const published = await createSurvey(db);
    const publishedQuestion = await createQuestion(db, published.id, { questionNr: '1', titleEn: 'Material' });
    await createAsset(db, { surveyId: published.id, datasetId: dataset.id });
    const draft = await createSurvey(db);
    const draftQuestion = await createQuestion(db, draft.id, { questionNr: '1', titleEn: 'Unpublished question' });
    await createAsset(db, { surveyId: draft.id, datasetId: dataset.id, status: 'UPLOADED' });

    const user = { guest: false, userId: 2, role: ROLE.USER } as const;
    const columnsFor = async (viewer: typeof user | typeof admin) =>
      (
        await openDatasetExport(db, viewer, { datasetId: dataset.id, filters: [], order: newestFirst }, 'en')
      ).columns.map((column) => column.questionId);
    expect(await columnsFor(user)).toEqual([publishedQuestion.id]);
    expect((await columnsFor(admin)).sort()).toEqual([publishedQuestion.id, draftQuestion.id].sort());
  });
});
