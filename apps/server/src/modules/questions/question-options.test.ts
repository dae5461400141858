import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { answers, auditLog, questionOptions } from '../../db/schema/index';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin } from '../../test/tokens';

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

const createOptions = (questionId: number, items: Record<string, unknown>[]) =>
  app.inject({ method: 'POST', url: `/api/questions/${questionId}/options`, headers: admin, payload: { items } });
const updateOptions = (questionId: number, items: Record<string, unknown>[]) =>
  app.inject({ method: 'PATCH', url: `/api/questions/${questionId}/options/bulk`, headers: admin, payload: { items } });
const deleteOption = (questionId: number, optionId: number) =>
  app.inject({ method: 'DELETE', url: `/api/questions/${questionId}/options/${optionId}`, headers: admin });

const optionRow = async (id: number) =>
  (await database.db.select().from(questionOptions).where(eq(questionOptions.id, id)))[0];
const treeOptionIds = async (surveyId: number, questionId: number) => {
  const tree = (await app.inject({ url: `/api/surveys/${surveyId}/questions`, headers: admin })).json();
  const find = (nodes: { id: number; options: { id: number }[]; children: unknown[] }[]): number[] | undefined => {
    for (const node of nodes) {
      if (node.id === questionId) return node.options.map((o) => o.id);
      const below = find(node.children as typeof nodes);
      if (below) return below;
    }
    return undefined;
  };
  return find(tree.items);
};

describe('adding options', () => {
  it('adds options after the last one and answers them with their ids in the order sent', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    await createOption(database.db, question.id, { value: 'E para', optionOrder: 4 });

    const response = await createOptions(question.id, [
      { value: 'Po', descriptionXk: 'Po', descriptionEn: 'Yes', validateType: 'CONTINUE' },
      { value: 'Jo', descriptionXk: 'Jo', validateType: 'END_SURVEY', disclaimerEn: 'The survey ends here' },
      { value: 'Tjetër', isAnother: true, descriptionSr: '' },
    ]);
    expect(response.statusCode).toBe(201);
    const items = response.json().items;
    expect(items).toMatchObject([
      { value: 'Po', optionOrder: 5, descriptionEn: 'Yes', validateType: 'CONTINUE', isAnother: false },
      { value: 'Jo', optionOrder: 6, validateType: 'END_SURVEY', disclaimerEn: 'The survey ends here' },
      { value: 'Tjetër', optionOrder: 7, isAnother: true, descriptionSr: null },
    ]);
    expect(await treeOptionIds(survey.id, question.id)).toHaveLength(4);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'question.options.create'), eq(auditLog.subjectId, String(question.id))));
    expect(entry?.after).toHaveLength(3);
  });

  it('accepts a conditional parent of the same survey only', async () => {
    const survey = await createSurvey(database.db);
    const condition = await createQuestion(database.db, survey.id);
    const question = await createQuestion(database.db, survey.id);
    const elsewhere = await createQuestion(database.db, (await createSurvey(database.db)).id);

    const same = await createOptions(question.id, [
      { value: 'Xhami', conditionalParentQuestionId: condition.id, conditionalParentQuestionValue: 'Fetar' },
    ]);
    expect(same.statusCode).toBe(201);
    expect(same.json().items[0]).toMatchObject({
      conditionalParentQuestionId: condition.id,
      conditionalParentQuestionValue: 'Fetar',
    });

    const other = await createOptions(question.id, [
      { value: 'Kishë' },
      { value: 'Teqe', conditionalParentQuestionId: elsewhere.id, conditionalParentQuestionValue: 'Fetar' },
    ]);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      field: 'items.1.conditionalParentQuestionId',
      code: 'invalid_conditional_parent',
    });
    expect(await treeOptionIds(survey.id, question.id)).toHaveLength(1);
  });

  it('refuses options for a chapter, and for a question that does not exist', async () => {
    const survey = await createSurvey(database.db);
    const chapter = await createQuestion(database.db, survey.id, { questionCategory: 'CHAPTER', questionType: null });
    const response = await createOptions(chapter.id, [{ value: 'x' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('question_has_no_options');
    expect((await createOptions(999_999, [{ value: 'x' }])).statusCode).toBe(404);
  });

  it('names the bad field of an option', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const response = await createOptions(question.id, [{ value: 'Po' }, { value: 'Jo', validateType: 'JUMP' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('items.1.validateType');
  });
});

describe('changing options in bulk', () => {
  it('changes only the fields sent of each listed option', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const yes = await createOption(database.db, question.id, { value: 'Po', descriptionEn: 'Yes', optionOrder: 1 });
    const no = await createOption(database.db, question.id, { value: 'Jo', descriptionEn: 'No', optionOrder: 2 });

    const response = await updateOptions(question.id, [
      { id: no.id, optionOrder: 1, descriptionSr: 'Ne' },
      { id: yes.id, optionOrder: 2, validateType: 'NEXT_QUESTION', toQuestionNr: '3.1' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toMatchObject([
      { id: no.id, value: 'Jo', descriptionEn: 'No', descriptionSr: 'Ne', optionOrder: 1 },
      { id: yes.id, value: 'Po', descriptionEn: 'Yes', validateType: 'NEXT_QUESTION', toQuestionNr: '3.1' },
    ]);
    expect(await treeOptionIds(survey.id, question.id)).toEqual([no.id, yes.id]);
  });

  it('refuses, whole, a chunk naming an option of another question', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const own = await createOption(database.db, question.id, { value: 'Po' });
    const foreign = await createOption(database.db, (await createQuestion(database.db, survey.id)).id);

    const response = await updateOptions(question.id, [
      { id: own.id, value: 'Changed' },
      { id: foreign.id, value: 'Changed' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'items.1.id', code: 'option_not_found' });
    expect((await optionRow(own.id))?.value).toBe('Po');
    expect((await optionRow(foreign.id))?.value).not.toBe('Changed');
  });

  it('refuses an option listed twice in one chunk', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const option = await createOption(database.db, question.id);
    const response = await updateOptions(question.id, [
      { id: option.id, value: 'a' },
      { id: option.id, value: 'b' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('items.1.id');
  });
});

describe('borrowed options', () => {
  it('are read-only on the question that borrows them: adding, changing and deleting answer 409', async () => {
    const survey = await createSurvey(database.db);
    const source = await createQuestion(database.db, survey.id);
    const first = await createOption(database.db, source.id, { value: 'Po' });
    await createOption(database.db, source.id, { value: 'Jo' });
    const borrower = await createQuestion(database.db, survey.id, { optionsSourceQuestionId: source.id });

    const responses = [
      await createOptions(borrower.id, [{ value: 'Ndoshta' }]),
      await updateOptions(borrower.id, [{ id: first.id, value: 'Changed' }]),
      await deleteOption(borrower.id, first.id),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('options_borrowed');
    }
    expect(await optionRow(first.id)).toMatchObject({ value: 'Po', isDeleted: false });
    expect(await treeOptionIds(survey.id, borrower.id)).toHaveLength(2);
    // The owner still changes them, for both questions.
    expect((await updateOptions(source.id, [{ id: first.id, value: 'Po, sigurisht' }])).statusCode).toBe(200);
  });
});

describe('deleting an option', () => {
  it('removes an option no answer uses, while another option remains', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const kept = await createOption(database.db, question.id);
    const removed = await createOption(database.db, question.id);

    expect((await deleteOption(question.id, removed.id)).statusCode).toBe(204);
    expect(await optionRow(removed.id)).toBeUndefined();
    expect(await treeOptionIds(survey.id, question.id)).toEqual([kept.id]);
  });

  it('refuses to delete the last remaining option, counting deleted ones as gone', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const last = await createOption(database.db, question.id);
    await createOption(database.db, question.id, { isDeleted: true });

    const response = await deleteOption(question.id, last.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('last_option');
    expect(await optionRow(last.id)).toMatchObject({ isDeleted: false });
  });

  it('keeps an option that answers chose, marked deleted, so those answers keep their meaning', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const chosen = await createOption(database.db, question.id, { value: 'Kullë', descriptionEn: 'Tower house' });
    const other = await createOption(database.db, question.id);
    const dataset = await createDataset(database.db);
    const asset = await createAsset(database.db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [{ questionId: question.id, optionId: chosen.id, value: 'Kullë' }],
    });

    expect((await deleteOption(question.id, chosen.id)).statusCode).toBe(204);
    expect(await optionRow(chosen.id)).toMatchObject({ isDeleted: true, descriptionEn: 'Tower house' });
    expect(await treeOptionIds(survey.id, question.id)).toEqual([other.id]);
    const [answer] = await database.db.select().from(answers).where(eq(answers.assetId, asset.id));
    expect(answer).toMatchObject({ optionId: chosen.id, value: 'Kullë' });
    const detail = await app.inject({ url: `/api/surveys/assets/${asset.id}`, headers: { ...admin, language: 'en' } });
    expect(detail.json().answers[0]).toMatchObject({ optionId: chosen.id, optionDescription: 'Tower house' });
    // Deleted already: a second delete finds nothing.
    expect((await deleteOption(question.id, chosen.id)).statusCode).toBe(404);
  });

  it('counts an answer stored by value, without an option id, on a question that borrows the option', async () => {
    const survey = await createSurvey(database.db);
    const source = await createQuestion(database.db, survey.id);
    const chosen = await createOption(database.db, source.id, { value: 'Gur' });
    await createOption(database.db, source.id, { value: 'Dru' });
    const borrower = await createQuestion(database.db, survey.id, { optionsSourceQuestionId: source.id });
    const dataset = await createDataset(database.db);
    const asset = await createAsset(database.db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [{ questionId: borrower.id, value: 'Gur' }],
    });

    expect((await deleteOption(source.id, chosen.id)).statusCode).toBe(204);
    expect(await optionRow(chosen.id)).toMatchObject({ isDeleted: true });
    const [answer] = await database.db.select().from(answers).where(eq(answers.assetId, asset.id));
    expect(answer).toMatchObject({ questionId: borrower.id, value: 'Gur' });
  });

  it('answers 404 for an option of another question', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    await createOption(database.db, question.id);
    await createOption(database.db, question.id);
    const foreign = await createOption(database.db, (await createQuestion(database.db, survey.id)).id);
    expect((await deleteOption(question.id, foreign.id)).statusCode).toBe(404);
    expect(await optionRow(foreign.id)).toBeDefined();
  });
});
