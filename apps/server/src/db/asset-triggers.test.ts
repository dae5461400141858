import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../test/factories';
import { countsReadAndCounted } from '../test/asset-counts';
import { openTestDatabase } from '../test/test-database';
import { type DatabaseHandle, rowsOf } from './client';
import { answers, assetAnswerTuples, assetCounts, assets, questionOptions } from './schema/index';

/**
 * What the triggers of migrations 0003 and 0016 keep in step with every write, whoever makes it:
 * dataset stats and list totals read asset_counts, answer filters read assets.option_ids, an asset's
 * detail and exports read asset_answer_tuples. A drift would show as wrong 'Asete' counts, filters
 * that miss or invent assets, and answers missing from a detail or an export, or outdated there.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('asset_counts', () => {
  it('follows inserts, status changes, moves between datasets and deletes', async () => {
    const db = database.db;
    const [first, second] = [await createDataset(db), await createDataset(db)];
    const survey = await createSurvey(db);
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createAsset(db, { surveyId: survey.id, datasetId: first.id, status: i < 4 ? 'APPROVED' : 'UPLOADED' }),
      ),
    );
    let { read: stored, counted } = await countsReadAndCounted(database.db);
    expect(stored).toEqual(counted);
    expect(stored.filter((row) => row.datasetId === first.id)).toEqual([
      { datasetId: first.id, surveyId: survey.id, status: 'APPROVED', n: 4 },
      { datasetId: first.id, surveyId: survey.id, status: 'UPLOADED', n: 2 },
    ]);

    const ids = made.map((asset) => asset.id);
    await db
      .update(assets)
      .set({ status: 'REJECTED' })
      .where(inArray(assets.id, ids.slice(3, 5)));
    await db.update(assets).set({ datasetId: second.id }).where(eq(assets.id, ids[0]!));
    await db.update(assets).set({ viewCount: 7 }).where(inArray(assets.id, ids));
    await db.delete(assets).where(eq(assets.id, ids[5]!));
    ({ read: stored, counted } = await countsReadAndCounted(database.db));
    expect(stored).toEqual(counted);
  });

  it('counts a multi-row insert once per row', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    await db.insert(assets).values(
      Array.from({ length: 25 }, (_, i) => ({
        uniqueId: `bulk-${dataset.id}-${i}`,
        surveyId: survey.id,
        datasetId: dataset.id,
        status: 'APPROVED',
      })),
    );
    const [row] = await db.select().from(assetCounts).where(eq(assetCounts.datasetId, dataset.id));
    expect(row?.count).toBe(25);
  });
});

describe('assets.option_ids', () => {
  const optionIdsOf = async (assetId: string) => {
    const [row] = await database.db.select({ ids: assets.optionIds }).from(assets).where(eq(assets.id, assetId));
    return [...(row?.ids ?? [])].sort((a, b) => a - b);
  };

  it('holds the options the answers chose, after inserts, changes and deletes', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const materials = await createQuestion(db, survey.id, { questionType: 'MULTIPLE_CHOICE' });
    const [stone, wood, brick] = await Promise.all(
      ['Gur', 'Dru', 'Tullë'].map((value, i) => createOption(db, materials.id, { value, optionOrder: i })),
    );
    const name = await createQuestion(db, survey.id, { questionType: 'TEXT' });
    const asset = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [
        { questionId: materials.id, optionId: stone!.id, value: 'Gur' },
        { questionId: materials.id, optionId: wood!.id, value: 'Dru' },
        { questionId: name.id, value: 'Kulla' },
      ],
    });
    expect(await optionIdsOf(asset.id)).toEqual([stone!.id, wood!.id].sort((a, b) => a - b));

    await db
      .update(answers)
      .set({ optionId: brick!.id, value: 'Tullë' })
      .where(sql`${answers.assetId} = ${asset.id} and ${answers.optionId} = ${wood!.id}`);
    expect(await optionIdsOf(asset.id)).toEqual([stone!.id, brick!.id].sort((a, b) => a - b));

    await db.delete(answers).where(eq(answers.assetId, asset.id));
    expect(await optionIdsOf(asset.id)).toEqual([]);
  });

  it('maps an answer stored without an option id to the option with its value, also a borrowed one', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const municipality = await createQuestion(db, survey.id, { questionType: 'DROPDOWN' });
    const peje = await createOption(db, municipality.id, { value: 'Pejë' });
    const birthplace = await createQuestion(db, survey.id, {
      questionType: 'DROPDOWN',
      optionsSourceQuestionId: municipality.id,
    });
    const asset = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [
        { questionId: birthplace.id, value: 'Pejë' },
        { questionId: municipality.id, value: 'not an option' },
      ],
    });
    expect(await optionIdsOf(asset.id)).toEqual([peje.id]);
  });

  it('refreshes every asset a single statement touches', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const question = await createQuestion(db, survey.id, { questionType: 'SINGLE_CHOICE' });
    const option = await createOption(db, question.id, { value: 'Po' });
    const [one, two] = [
      await createAsset(db, { surveyId: survey.id, datasetId: dataset.id }),
      await createAsset(db, { surveyId: survey.id, datasetId: dataset.id }),
    ];
    await db
      .insert(answers)
      .values(
        [one, two].map((asset) => ({ assetId: asset.id, questionId: question.id, optionId: option.id, value: 'Po' })),
      );
    expect([await optionIdsOf(one.id), await optionIdsOf(two.id)]).toEqual([[option.id], [option.id]]);
  });
});

describe('asset_answer_tuples', () => {
  const tuplesOf = async (assetId: string) => {
    const [row] = await database.db
      .select({ tuples: assetAnswerTuples.tuples })
      .from(assetAnswerTuples)
      .where(eq(assetAnswerTuples.assetId, assetId));
    return row?.tuples;
  };

  it('holds the answers in the order they were stored, after inserts, changes, an option removed and deletes', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const materials = await createQuestion(db, survey.id, { questionType: 'MULTIPLE_CHOICE' });
    const [stone, other] = await Promise.all(
      ['Gur', 'Tjetër'].map((value, i) => createOption(db, materials.id, { value, optionOrder: i })),
    );
    const name = await createQuestion(db, survey.id, { questionType: 'TEXT' });
    const asset = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [
        { questionId: name.id, value: 'Kulla "e vjetër"' },
        { questionId: materials.id, optionId: stone!.id, value: 'Gur' },
        { questionId: materials.id, optionId: other!.id, value: 'Tjetër', value2: 'Qerpiç' },
      ],
    });
    expect(await tuplesOf(asset.id)).toEqual([
      [name.id, null, 'Kulla "e vjetër"', null],
      [materials.id, stone!.id, 'Gur', null],
      [materials.id, other!.id, 'Tjetër', 'Qerpiç'],
    ]);

    await db
      .update(answers)
      .set({ value: 'Kulla e Jasharëve' })
      .where(sql`${answers.assetId} = ${asset.id} and ${answers.questionId} = ${name.id}`);
    await db.delete(questionOptions).where(eq(questionOptions.id, stone!.id));
    expect(await tuplesOf(asset.id)).toEqual([
      [name.id, null, 'Kulla e Jasharëve', null],
      [materials.id, null, 'Gur', null],
      [materials.id, other!.id, 'Tjetër', 'Qerpiç'],
    ]);

    await db.delete(answers).where(eq(answers.assetId, asset.id));
    expect(await tuplesOf(asset.id)).toBeUndefined();
  });
  it("adds an asset's later answers after its first ones, and their options to its chosen ones", async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const kind = await createQuestion(db, survey.id);
    const [tower, mosque] = [
      await createOption(db, kind.id, { value: 'Kullë' }),
      await createOption(db, kind.id, { value: 'Xhami' }),
    ];
    const name = await createQuestion(db, survey.id, { questionType: 'TEXT' });
    const asset = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [{ questionId: kind.id, optionId: tower.id, value: 'Kullë' }],
    });
    // A first answer given without its option id, and a later one to the same asset.
    const other = await createAsset(db, { surveyId: survey.id, datasetId: dataset.id });
    await db.insert(answers).values([
      { assetId: asset.id, questionId: name.id, value: 'Kulla' },
      { assetId: other.id, questionId: kind.id, value: 'Xhami' },
    ]);
    expect(await tuplesOf(asset.id)).toEqual([
      [kind.id, tower.id, 'Kullë', null],
      [name.id, null, 'Kulla', null],
    ]);
    expect(await tuplesOf(other.id)).toEqual([[kind.id, null, 'Xhami', null]]);
    const optionIdsOf = async (id: string) =>
      (await db.select({ ids: assets.optionIds }).from(assets).where(eq(assets.id, id)))[0]?.ids;
    expect([await optionIdsOf(asset.id), await optionIdsOf(other.id)]).toEqual([[tower.id], [mosque.id]]);
  });
});

describe("answers' questions and options", () => {
  const answersOf = (assetId: string) =>
    database.db
      .select({ questionId: answers.questionId, optionId: answers.optionId, value: answers.value })
      .from(answers)
      .where(eq(answers.assetId, assetId))
      .orderBy(answers.id);

  it('refuse an answer to a question or with an option that does not exist, and store none of its statement', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const question = await createQuestion(db, survey.id);
    const option = await createOption(db, question.id, { value: 'Po' });
    const asset = await createAsset(db, { surveyId: survey.id, datasetId: dataset.id });
    const insert = (rows: { questionId: number; optionId?: number }[]) =>
      db.insert(answers).values(rows.map((row) => ({ assetId: asset.id, value: 'Po', ...row })));

    await expect(insert([{ questionId: question.id }, { questionId: 999_999 }])).rejects.toMatchObject({
      cause: { code: '23503', message: 'answers: question 999999 does not exist' },
    });
    await expect(insert([{ questionId: question.id, optionId: 999_998 }])).rejects.toMatchObject({
      cause: { code: '23503', message: 'answers: option 999998 does not exist' },
    });
    expect(await answersOf(asset.id)).toEqual([]);
    await insert([{ questionId: question.id, optionId: option.id }]);
    expect(await answersOf(asset.id)).toEqual([{ questionId: question.id, optionId: option.id, value: 'Po' }]);
  });

  it('go with their question, and lose a removed option, also one another question borrowed', async () => {
    const db = database.db;
    const dataset = await createDataset(db);
    const survey = await createSurvey(db);
    const kind = await createQuestion(db, survey.id);
    const [tower, mosque] = [
      await createOption(db, kind.id, { value: 'Kullë' }),
      await createOption(db, kind.id, { value: 'Xhami' }),
    ];
    const borrower = await createQuestion(db, survey.id, { optionsSourceQuestionId: kind.id });
    const name = await createQuestion(db, survey.id, { questionType: 'TEXT' });
    const asset = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [
        { questionId: kind.id, optionId: tower.id, value: 'Kullë' },
        { questionId: borrower.id, optionId: mosque.id, value: 'Xhami' },
        { questionId: name.id, value: 'Kulla' },
      ],
    });

    await db.delete(questionOptions).where(eq(questionOptions.id, mosque.id));
    expect(await answersOf(asset.id)).toEqual([
      { questionId: kind.id, optionId: tower.id, value: 'Kullë' },
      { questionId: borrower.id, optionId: null, value: 'Xhami' },
      { questionId: name.id, optionId: null, value: 'Kulla' },
    ]);

    // Its options go with it; its answers too, rather than keeping a cleared option.
    await db.execute(sql`delete from questions where id = ${kind.id}`);
    expect(await answersOf(asset.id)).toEqual([
      { questionId: borrower.id, optionId: null, value: 'Xhami' },
      { questionId: name.id, optionId: null, value: 'Kulla' },
    ]);
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'leave no answer behind when a question is deleted while a submission is writing answers to it',
    async () => {
      const db = database.db;
      const dataset = await createDataset(db);
      const survey = await createSurvey(db);
      const question = await createQuestion(db, survey.id, { questionType: 'TEXT' });
      const asset = await createAsset(db, { surveyId: survey.id, datasetId: dataset.id });

      /** Whether a session of this test's database is waiting for a lock another one holds. */
      const waitingForALock = async () =>
        rowsOf<{ waiting: boolean }>(
          await db.execute(sql`select exists (select from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock') as waiting`),
        )[0]!.waiting;

      let deleted: Promise<unknown> | undefined;
      await db.transaction(async (writer) => {
        await writer.insert(answers).values({ assetId: asset.id, questionId: question.id, value: 'Kulla' });
        // The deletion waits for this writer's answers rather than missing them: the writer commits
        // once it waits (or, were it to miss them, once it is done).
        let done = false;
        deleted = db.execute(sql`delete from questions where id = ${question.id}`).finally(() => (done = true));
        while (!done && !(await waitingForALock())) continue;
      });
      await deleted;
      expect(await answersOf(asset.id)).toEqual([]);

      // And a writer that comes after finds the question gone.
      await expect(
        db.insert(answers).values({ assetId: asset.id, questionId: question.id, value: 'Kulla' }),
      ).rejects.toMatchObject({ cause: { code: '23503' } });
    },
  );
});
