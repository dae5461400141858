import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionInput, QuestionNode, SurveyQuestions } from '@trashegimia/contract/questions';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { answers, auditLog, questionGroups, questionOptions, questions, surveys } from '../../db/schema/index';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

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

const save = (surveyId: number, items: QuestionInput[]) =>
  app.inject({
    method: 'POST',
    url: `/api/surveys/${surveyId}/questions`,
    headers: admin,
    payload: { questions: items },
  });

const treeOf = async (surveyId: number, language = 'xk'): Promise<SurveyQuestions> => {
  const response = await app.inject({ url: `/api/surveys/${surveyId}/questions`, headers: { ...admin, language } });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Numbers as nested lists: ['1', ['1.1', '1.2']] is question 1 with two children. */
const shapeOf = (nodes: QuestionNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.questionNr, shapeOf(node.children)] : node.questionNr));

const questionRows = (surveyId: number) =>
  database.db.select().from(questions).where(eq(questions.surveyId, surveyId)).orderBy(questions.id);

const chapter = (tempId: string, questionNr: string, extra: Partial<QuestionInput> = {}): QuestionInput => ({
  tempId,
  questionNr,
  questionCategory: 'CHAPTER',
  titleXk: `Kapitulli ${questionNr}`,
  ...extra,
});

const parent = (tempId: string, questionNr: string, extra: Partial<QuestionInput> = {}): QuestionInput => ({
  tempId,
  questionNr,
  questionCategory: 'PARENT',
  questionType: 'SINGLE_CHOICE',
  titleXk: `Pyetja ${questionNr}`,
  ...extra,
});

describe('reading a survey as a tree', () => {
  it('nests three levels under chapters and groups, sorted by number, with options, borrowed options and groups', async () => {
    const survey = await createSurvey(database.db);
    const [group] = await database.db
      .insert(questionGroups)
      .values({ titleXk: 'Vendndodhja', titleEn: 'Location' })
      .returning();
    const identity = await createQuestion(database.db, survey.id, {
      questionNr: '1',
      questionCategory: 'CHAPTER',
      questionType: null,
    });
    const screen = await createQuestion(database.db, survey.id, {
      questionNr: '1.2',
      parentId: identity.id,
      questionCategory: 'GROUP',
      questionType: null,
      questionGroupId: group!.id,
    });
    const municipality = await createQuestion(database.db, survey.id, {
      questionNr: '1.2.1',
      parentId: screen.id,
      questionIdentifier: 'MUNICIPALITY_NAME',
      titleEn: 'Municipality',
    });
    await createQuestion(database.db, survey.id, { questionNr: '1.10', parentId: identity.id, questionType: 'TEXT' });
    const village = await createQuestion(database.db, survey.id, {
      questionNr: '1.2.2',
      parentId: screen.id,
      optionsSourceQuestionId: municipality.id,
    });
    await createQuestion(database.db, survey.id, { questionNr: '2', questionType: 'TEXT' });
    const prishtina = await createOption(database.db, municipality.id, { value: 'Prishtinë', optionOrder: 2 });
    const peja = await createOption(database.db, municipality.id, {
      value: 'Pejë',
      optionOrder: 1,
      descriptionEn: 'Peja',
    });
    await createOption(database.db, municipality.id, { value: 'E fshirë', optionOrder: 3, isDeleted: true });

    const tree = await treeOf(survey.id, 'en');
    expect(shapeOf(tree.items)).toEqual([['1', [['1.2', ['1.2.1', '1.2.2']], '1.10']], '2']);
    const screenNode = tree.items[0]!.children[0]!;
    expect(screenNode).toMatchObject({ questionCategory: 'GROUP', questionGroupId: group!.id, options: [] });
    const [municipalityNode, villageNode] = screenNode.children;
    expect(municipalityNode).toMatchObject({
      id: municipality.id,
      questionParentId: screen.id,
      title: 'Municipality',
      questionIdentifier: 'MUNICIPALITY_NAME',
    });
    expect(municipalityNode!.options.map((o) => [o.id, o.description])).toEqual([
      [peja.id, 'Peja'],
      [prishtina.id, 'Prishtinë (en)'],
    ]);
    expect(villageNode).toMatchObject({ id: village.id, questionOptionsId: municipality.id });
    expect(villageNode!.options.map((o) => o.id)).toEqual([peja.id, prishtina.id]);
    expect(tree.questionGroups).toEqual([
      { id: group!.id, title: 'Location', titleXk: 'Vendndodhja', titleEn: 'Location', titleSr: null },
    ]);
  });

  it('answers an unknown survey with 404', async () => {
    const response = await app.inject({ url: '/api/surveys/999999/questions', headers: admin });
    expect(response.statusCode).toBe(404);
  });
});

describe('saving questions', () => {
  it('saves new questions in parent-first rounds and maps every tempId to its new id', async () => {
    const survey = await createSurvey(database.db);
    const first = await save(survey.id, [chapter('c1', '1'), parent('q2', '2', { questionType: 'TEXT' })]);
    expect(first.statusCode).toBe(200);
    const ids = new Map(first.json().mappings.map((m: { tempId: string; id: number }) => [m.tempId, m.id]));
    expect([...ids.keys()]).toEqual(['c1', 'q2']);

    const second = await save(survey.id, [
      chapter('g11', '1.1', { questionCategory: 'GROUP', questionParentId: ids.get('c1') as number }),
    ]);
    const groupId = second.json().mappings[0].id;
    const third = await save(survey.id, [
      parent('q111', '1.1.1', { questionParentId: groupId, limMin: '1', limMax: '3' }),
    ]);
    expect(third.statusCode).toBe(200);

    const tree = await treeOf(survey.id);
    expect(shapeOf(tree.items)).toEqual([['1', [['1.1', ['1.1.1']]]], '2']);
    expect(tree.items[0]!.children[0]!.children[0]).toMatchObject({
      id: third.json().mappings[0].id,
      limMin: '1',
      limMax: '3',
      questionType: 'SINGLE_CHOICE',
    });
  });

  it('saves a whole new tree in one call when children name their parent by tempId', async () => {
    const survey = await createSurvey(database.db);
    const response = await save(survey.id, [
      parent('leaf', '1.1.1', { parentTempId: 'group' }),
      chapter('group', '1.1', { questionCategory: 'GROUP', parentTempId: 'chapter' }),
      chapter('chapter', '1'),
    ]);
    expect(response.statusCode).toBe(200);
    const ids = Object.fromEntries(
      response.json().mappings.map((m: { tempId: string; id: number }) => [m.tempId, m.id]),
    );
    const rows = await questionRows(survey.id);
    expect(rows.map((r) => [r.id, r.parentId])).toEqual([
      [ids.chapter, null],
      [ids.group, ids.chapter],
      [ids.leaf, ids.group],
    ]);
  });

  it('changes saved questions, renumbers them and orders siblings by their new numbers', async () => {
    const survey = await createSurvey(database.db);
    const ids = (
      await save(survey.id, [
        chapter('c', '1'),
        parent('a', '1.1', { parentTempId: 'c' }),
        parent('b', '1.2', { parentTempId: 'c' }),
        parent('x', '2'),
      ])
    )
      .json()
      .mappings.map((m: { id: number }) => m.id);
    const [c, a, b, x] = ids as number[];

    // Swapping numbers in one save must not trip over the unique number of each question.
    const response = await save(survey.id, [
      { ...parent('a', '1.2', { questionParentId: c }), id: a },
      { ...parent('b', '1.1', { questionParentId: c, titleXk: 'E ndryshuar' }), id: b, tempId: undefined },
      { ...parent('x', '1.10', { questionParentId: c }), id: x, tempId: undefined },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().mappings).toEqual([{ tempId: 'a', id: a }]);

    const tree = await treeOf(survey.id);
    expect(shapeOf(tree.items)).toEqual([['1', ['1.1', '1.2', '1.10']]]);
    expect(tree.items[0]!.children.map((q) => [q.id, q.questionOrder, q.titleXk])).toEqual([
      [b, 1, 'E ndryshuar'],
      [a, 2, 'Pyetja 1.2'],
      [x, 3, 'Pyetja 1.10'],
    ]);
    expect(tree.items[0]!.questionOrder).toBe(1);
  });

  it('clears the fields a saved question is sent without, and stamps the survey as changed', async () => {
    const survey = await createSurvey(database.db, { ludBy: 'earlier' });
    const question = await createQuestion(database.db, survey.id, {
      questionNr: '1',
      questionIdentifier: 'ASSET_NAME',
      limMin: '2',
      titleEn: 'Name',
    });
    const response = await save(survey.id, [
      { id: question.id, questionNr: '1', questionCategory: 'PARENT', questionType: 'TEXT', titleXk: 'Emri' },
    ]);
    expect(response.statusCode).toBe(200);
    const [row] = await questionRows(survey.id);
    expect(row).toMatchObject({ questionIdentifier: null, limMin: null, titleEn: null, titleXk: 'Emri' });
    const [stamped] = await database.db.select().from(surveys).where(eq(surveys.id, survey.id));
    expect(stamped!.ludBy).not.toBe('earlier');
    expect(stamped!.lud.getTime()).toBeGreaterThanOrEqual(survey.lud.getTime());
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'survey.questions.save'), eq(auditLog.subjectId, String(survey.id))));
    expect(entry?.before).toEqual([expect.objectContaining({ id: question.id, questionIdentifier: 'ASSET_NAME' })]);
  });

  it('keeps required flags, hints in three languages and NUMBER and DATE types, and reads old bodies as not required', async () => {
    const survey = await createSurvey(database.db);
    const response = await save(survey.id, [
      parent('year', '1', {
        questionType: 'NUMBER',
        required: true,
        limMin: '1000',
        hintXk: 'Viti i ndërtimit',
        hintEn: 'Year of construction',
        hintSr: 'Godina izgradnje',
      }),
      parent('visited', '2', { questionType: 'DATE' }),
    ]);
    expect(response.statusCode).toBe(200);
    const tree = await app.inject({
      method: 'GET',
      url: `/api/surveys/${survey.id}/questions`,
      headers: { ...admin, language: 'en' },
    });
    expect(tree.json().items).toMatchObject([
      {
        questionType: 'NUMBER',
        required: true,
        hint: 'Year of construction',
        hintXk: 'Viti i ndërtimit',
        hintSr: 'Godina izgradnje',
      },
      { questionType: 'DATE', required: false, hint: null },
    ]);
  });

  it('takes a chapter sent with a type, as the editor keeps one on every card, and stores none', async () => {
    const survey = await createSurvey(database.db);
    const response = await save(survey.id, [chapter('c', '1', { questionType: 'TEXT' })]);
    expect(response.statusCode).toBe(200);
    const [row] = await questionRows(survey.id);
    expect(row).toMatchObject({ questionCategory: 'CHAPTER', questionType: null });
  });

  it('lets a question borrow the options of a choice question of the same survey', async () => {
    const survey = await createSurvey(database.db);
    const source = await createQuestion(database.db, survey.id, { questionNr: '1' });
    await createOption(database.db, source.id, { value: 'Po' });
    const response = await save(survey.id, [parent('b', '2', { questionOptionsId: source.id })]);
    expect(response.statusCode).toBe(200);
    const tree = await treeOf(survey.id);
    expect(tree.items[1]).toMatchObject({ questionOptionsId: source.id, options: [{ value: 'Po' }] });
  });

  describe('refuses a batch that breaks a rule, naming the field, and writes none of it', () => {
    const cases: {
      rule: string;
      batch: (ids: Record<string, number>) => QuestionInput[];
      status: number;
      field: string;
      code?: string;
    }[] = [
      {
        rule: 'a chapter carries no identifier',
        batch: () => [chapter('n', '9', { questionIdentifier: 'ASSET_NAME' })],
        status: 400,
        field: 'questions.0.questionIdentifier',
      },
      {
        rule: 'a group carries no limits',
        batch: () => [chapter('n', '9', { questionCategory: 'GROUP', limMax: '5' })],
        status: 400,
        field: 'questions.0.limMax',
      },
      {
        rule: 'a chapter borrows no options',
        batch: (ids) => [chapter('n', '9', { questionOptionsId: ids.choice })],
        status: 400,
        field: 'questions.0.questionOptionsId',
      },
      {
        rule: 'a chapter cannot be required, as it takes no answer',
        batch: () => [chapter('n', '9', { required: true })],
        status: 400,
        field: 'questions.0.required',
      },
      {
        rule: 'a question needs a type',
        batch: () => [parent('n', '9', { questionType: null })],
        status: 400,
        field: 'questions.0.questionType',
      },
      {
        rule: 'a new question needs a tempId',
        batch: () => [{ ...parent('n', '9'), tempId: undefined }],
        status: 400,
        field: 'questions.0.tempId',
      },
      {
        rule: 'numbers are dotted numbers',
        batch: () => [parent('n', '1.a')],
        status: 400,
        field: 'questions.0.questionNr',
      },
      {
        rule: 'numbers are unique within the survey',
        batch: () => [parent('ok', '8'), parent('n', '1.1')],
        status: 409,
        field: 'questions.1.questionNr',
        code: 'question_nr_taken',
      },
      {
        rule: 'numbers are unique within one save',
        batch: () => [parent('n', '9'), parent('m', '9')],
        status: 409,
        field: 'questions.1.questionNr',
      },
      {
        rule: 'a question sits only under a chapter or group',
        batch: (ids) => [parent('n', '9', { questionParentId: ids.choice })],
        status: 400,
        field: 'questions.0.questionParentId',
        code: 'invalid_parent',
      },
      {
        rule: 'a parent belongs to the same survey',
        batch: (ids) => [parent('n', '9', { questionParentId: ids.otherChapter })],
        status: 400,
        field: 'questions.0.questionParentId',
      },
      {
        rule: 'a parentTempId names a question of the same save',
        batch: () => [parent('n', '9', { parentTempId: 'nowhere' })],
        status: 400,
        field: 'questions.0.parentTempId',
      },
      {
        rule: 'nothing sits under its own sub-question',
        batch: (ids) => [{ ...chapter('c', '1', { questionParentId: ids.group }), id: ids.chapter }],
        status: 400,
        field: 'questions.0.questionParentId',
      },
      {
        rule: 'a chapter with sub-questions stays a chapter or group',
        batch: (ids) => [{ ...parent('c', '1'), id: ids.chapter, tempId: undefined }],
        status: 409,
        field: 'questions.0.questionCategory',
        code: 'question_has_children',
      },
      {
        rule: 'options are borrowed only from a choice question',
        batch: (ids) => [parent('n', '9', { questionOptionsId: ids.text })],
        status: 400,
        field: 'questions.0.questionOptionsId',
        code: 'invalid_options_source',
      },
      {
        rule: 'options are borrowed only within the survey',
        batch: (ids) => [parent('n', '9', { questionOptionsId: ids.otherChoice })],
        status: 400,
        field: 'questions.0.questionOptionsId',
      },
      {
        rule: 'borrowed options are not borrowed again',
        batch: (ids) => [parent('n', '9', { questionOptionsId: ids.borrower })],
        status: 400,
        field: 'questions.0.questionOptionsId',
      },
      {
        rule: 'a question whose options are borrowed stays a choice question',
        batch: (ids) => [
          { ...parent('c', '1.1', { questionParentId: ids.group, questionType: 'TEXT' }), id: ids.choice },
        ],
        status: 409,
        field: 'questions.0.questionType',
        code: 'options_borrowed',
      },
      {
        rule: 'a saved question is one of this survey',
        batch: (ids) => [{ ...parent('n', '9'), id: ids.otherChoice }],
        status: 400,
        field: 'questions.0.id',
        code: 'question_not_found',
      },
      {
        rule: 'a question group exists',
        batch: () => [parent('n', '9', { questionGroupId: 999_999 })],
        status: 400,
        field: 'questions.0.questionGroupId',
        code: 'question_group_not_found',
      },
    ];

    it.each(cases)('$rule', async ({ batch, status, field, code }) => {
      const survey = await createSurvey(database.db);
      const chapterRow = await createQuestion(database.db, survey.id, {
        questionNr: '1',
        questionCategory: 'CHAPTER',
        questionType: null,
      });
      const group = await createQuestion(database.db, survey.id, {
        questionNr: '1.2',
        parentId: chapterRow.id,
        questionCategory: 'GROUP',
        questionType: null,
      });
      const choice = await createQuestion(database.db, survey.id, { questionNr: '1.1', parentId: group.id });
      const text = await createQuestion(database.db, survey.id, { questionNr: '2', questionType: 'TEXT' });
      const borrower = await createQuestion(database.db, survey.id, {
        questionNr: '3',
        optionsSourceQuestionId: choice.id,
      });
      const other = await createSurvey(database.db);
      const otherChapter = await createQuestion(database.db, other.id, {
        questionCategory: 'CHAPTER',
        questionType: null,
      });
      const otherChoice = await createQuestion(database.db, other.id);
      const ids = {
        chapter: chapterRow.id,
        group: group.id,
        choice: choice.id,
        text: text.id,
        borrower: borrower.id,
        otherChapter: otherChapter.id,
        otherChoice: otherChoice.id,
      };
      const before = await questionRows(survey.id);

      const response = await save(survey.id, batch(ids));
      expect(response.statusCode).toBe(status);
      expect(response.json().field).toBe(field);
      if (code) expect(response.json().code).toBe(code);
      expect(await questionRows(survey.id)).toEqual(before);
    });
  });

  it('keeps a question that answers use from becoming a chapter', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id, { questionNr: '1', questionType: 'TEXT' });
    const dataset = await createDataset(database.db);
    await createAsset(database.db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [{ questionId: question.id, value: 'Kulla e Jasharëve' }],
    });
    const response = await save(survey.id, [{ id: question.id, questionNr: '1', questionCategory: 'CHAPTER' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'question_has_answers', field: 'questions.0.questionCategory' });
  });

  it('answers a save for an unknown survey with 404 and an empty batch with 400', async () => {
    expect((await save(999_999, [parent('n', '1')])).statusCode).toBe(404);
    const survey = await createSurvey(database.db);
    const empty = await save(survey.id, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('questions');
  });
});

describe('deleting a question', () => {
  const remove = (surveyId: number, questionId: number) =>
    app.inject({ method: 'DELETE', url: `/api/surveys/${surveyId}/questions/${questionId}`, headers: admin });

  it('removes a chapter with all its sub-questions and their options, and reorders what remains', async () => {
    const survey = await createSurvey(database.db);
    const ids = Object.fromEntries(
      (
        await save(survey.id, [
          chapter('c1', '1'),
          chapter('g', '1.1', { questionCategory: 'GROUP', parentTempId: 'c1' }),
          parent('q', '1.1.1', { parentTempId: 'g' }),
          parent('q2', '1.2', { parentTempId: 'c1' }),
          chapter('c2', '2'),
        ])
      )
        .json()
        .mappings.map((m: { tempId: string; id: number }) => [m.tempId, m.id]),
    );
    const option = await createOption(database.db, ids.q);

    const response = await remove(survey.id, ids.c1);
    expect(response.statusCode).toBe(204);
    const rows = await questionRows(survey.id);
    expect(rows.map((r) => [r.id, r.questionOrder])).toEqual([[ids.c2, 1]]);
    expect(await database.db.select().from(questionOptions).where(eq(questionOptions.id, option.id))).toHaveLength(0);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'survey.questions.delete'), eq(auditLog.subjectId, String(survey.id))));
    expect((entry?.before as { id: number }[]).map((q) => q.id).sort()).toEqual([ids.c1, ids.g, ids.q, ids.q2].sort());
  });

  it('refuses to delete a question whose answers assets still hold, and keeps those answers', async () => {
    const survey = await createSurvey(database.db);
    const chapterRow = await createQuestion(database.db, survey.id, {
      questionNr: '1',
      questionCategory: 'CHAPTER',
      questionType: null,
    });
    const answered = await createQuestion(database.db, survey.id, { questionNr: '1.1', parentId: chapterRow.id });
    const option = await createOption(database.db, answered.id, { value: 'Po' });
    const dataset = await createDataset(database.db);
    const asset = await createAsset(database.db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      answers: [{ questionId: answered.id, optionId: option.id, value: 'Po' }],
    });

    const response = await remove(survey.id, chapterRow.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'question_has_answers', message: expect.stringContaining('1.1') });
    expect(await questionRows(survey.id)).toHaveLength(2);
    expect(await database.db.select().from(answers).where(eq(answers.assetId, asset.id))).toHaveLength(1);
  });

  it('refuses to delete a question whose options another question borrows', async () => {
    const survey = await createSurvey(database.db);
    const source = await createQuestion(database.db, survey.id, { questionNr: '1' });
    await createQuestion(database.db, survey.id, { questionNr: '2', optionsSourceQuestionId: source.id });
    const response = await remove(survey.id, source.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('options_borrowed');
  });

  it('answers 404 for a question of another survey, and leaves it alone', async () => {
    const survey = await createSurvey(database.db);
    const other = await createSurvey(database.db);
    const question = await createQuestion(database.db, other.id);
    expect((await remove(survey.id, question.id)).statusCode).toBe(404);
    expect(await questionRows(other.id)).toHaveLength(1);
  });
});

describe('duplicating a survey', () => {
  it('copies the whole tree with new ids: options, conditions, skip logic, borrowed options, groups, hints and flags', async () => {
    const db = database.db;
    const original = await createSurvey(db, { descriptionXk: 'Kullat', descriptionEn: 'Towers' });
    const saved = await save(original.id, [
      chapter('c', '1'),
      parent('kind', '1.1', { parentTempId: 'c', required: true, hintEn: 'Look at the roof' }),
      parent('material', '1.2', { parentTempId: 'c' }),
      parent('same', '1.3', { parentTempId: 'c', questionType: 'DROPDOWN' }),
      parent('year', '2', { questionType: 'NUMBER', limMin: '1000', questionIdentifier: 'SIMPLE_QUESTION' }),
    ]);
    const id = Object.fromEntries(saved.json().mappings.map((m: { tempId: string; id: number }) => [m.tempId, m.id]));
    await createOption(db, id.kind, { value: 'Kullë', descriptionEn: 'Tower' });
    await createOption(db, id.kind, { value: 'Rrënojë', validateType: 'NEXT_QUESTION', toQuestionNr: '2' });
    await createOption(db, id.material, {
      value: 'Qerpiç',
      conditionalParentQuestionId: id.kind,
      conditionalParentQuestionValue: 'Kullë',
    });
    await createOption(db, id.material, { value: 'E fshirë', isDeleted: true });
    await db.update(questions).set({ optionsSourceQuestionId: id.kind }).where(eq(questions.id, id.same));

    const response = await app.inject({
      method: 'POST',
      url: `/api/surveys/${original.id}/duplicate`,
      headers: admin,
      payload: { descriptionXk: 'Kullat (kopje)' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({ surveyState: 0, descriptionXk: 'Kullat (kopje)', descriptionEn: 'Towers' });

    const strip = (nodes: QuestionNode[], ids: Map<number, string>): unknown =>
      nodes.map(
        ({ id: _id, surveyId: _survey, questionParentId: _parent, questionOptionsId, options, children, ...rest }) => ({
          ...rest,
          borrows: questionOptionsId === null ? null : ids.get(questionOptionsId),
          options: options.map(({ id: _option, questionId, conditionalParentQuestionId, ...option }) => ({
            ...option,
            owner: ids.get(questionId),
            condition: conditionalParentQuestionId === null ? null : ids.get(conditionalParentQuestionId),
          })),
          children: strip(children, ids),
        }),
      );
    const numbersById = (nodes: QuestionNode[], into = new Map<number, string>()) => {
      for (const node of nodes) {
        into.set(node.id, node.questionNr);
        numbersById(node.children, into);
      }
      return into;
    };
    const before = (await treeOf(original.id, 'en')).items;
    const after = (await treeOf(copy.id, 'en')).items;
    expect(strip(after, numbersById(after))).toEqual(strip(before, numbersById(before)));
    const originalIds = numbersById(before);
    expect([...numbersById(after).keys()].filter((key) => originalIds.has(key))).toEqual([]);
    expect(after[0]!.children[1]!.options.map((option) => option.value)).toEqual(['Qerpiç']);
  });

  it('answers 404 for an unknown survey and refuses anyone but an administrator', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/surveys/999999/duplicate',
      headers: admin,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    const survey = await createSurvey(database.db);
    const user = await app.inject({
      method: 'POST',
      url: `/api/surveys/${survey.id}/duplicate`,
      headers: await asUser(database.db),
      payload: {},
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('importing from the question library', () => {
  const addToLibrary = async (
    titleXk: string,
    options: { value: string; descriptionXk?: string; descriptionEn?: string }[],
  ) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/question-library',
        headers: admin,
        payload: { titleXk, titleEn: `${titleXk} (en)`, questionType: 'SINGLE_CHOICE', options },
      })
    ).json();
  const importInto = (surveyId: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/surveys/${surveyId}/questions/import`, headers: admin, payload });

  it('copies library questions with their options after the last question, at the top or under a chapter', async () => {
    const survey = await createSurvey(database.db);
    const chapterRow = await createQuestion(database.db, survey.id, {
      questionNr: '1',
      questionCategory: 'CHAPTER',
      questionType: null,
    });
    await createQuestion(database.db, survey.id, { questionNr: '1.1', parentId: chapterRow.id });
    await createQuestion(database.db, survey.id, { questionNr: '2' });
    const roof = await addToLibrary('Çatia', [
      { value: 'Tjegull', descriptionXk: 'Tjegull', descriptionEn: 'Tiles' },
      { value: 'Kashtë', descriptionXk: 'Kashtë' },
    ]);
    const walls = await addToLibrary('Muret', [{ value: 'Gur' }]);

    const top = await importInto(survey.id, { libraryIds: [roof.id, walls.id] });
    expect(top.statusCode).toBe(201);
    expect(top.json().items.map((i: { libraryId: number; questionNr: string }) => [i.libraryId, i.questionNr])).toEqual(
      [
        [roof.id, '3'],
        [walls.id, '4'],
      ],
    );
    const nested = await importInto(survey.id, { libraryIds: [roof.id], questionParentId: chapterRow.id });
    expect(nested.json().items[0].questionNr).toBe('1.2');

    const tree = await treeOf(survey.id, 'en');
    expect(shapeOf(tree.items)).toEqual([['1', ['1.1', '1.2']], '2', '3', '4']);
    expect(tree.items[2]).toMatchObject({
      id: top.json().items[0].id,
      questionCategory: 'PARENT',
      questionType: 'SINGLE_CHOICE',
      title: 'Çatia (en)',
      questionOrder: 3,
    });
    expect(tree.items[2]!.options.map((o) => [o.value, o.description, o.optionOrder])).toEqual([
      ['Tjegull', 'Tiles', 1],
      ['Kashtë', 'Kashtë', 2],
    ]);
    // A copy: changing the library afterwards leaves the survey's question as it was.
    await app.inject({
      method: 'PATCH',
      url: `/api/question-library/${roof.id}`,
      headers: admin,
      payload: { options: [] },
    });
    expect((await treeOf(survey.id)).items[2]!.options).toHaveLength(2);
  });

  it('refuses an unknown library question and a parent that is not a chapter or group', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const roof = await addToLibrary('Çatia', [{ value: 'Tjegull' }]);

    const unknown = await importInto(survey.id, { libraryIds: [roof.id, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'libraryIds.1', code: 'library_question_not_found' });
    const underQuestion = await importInto(survey.id, { libraryIds: [roof.id], questionParentId: question.id });
    expect(underQuestion.statusCode).toBe(400);
    expect(underQuestion.json().field).toBe('questionParentId');
    expect(await questionRows(survey.id)).toHaveLength(1);
  });
});

describe('who may use the question calls', () => {
  it('refuses visitors without a session (401), and guests and users (403)', async () => {
    const survey = await createSurvey(database.db);
    const question = await createQuestion(database.db, survey.id);
    const option = await createOption(database.db, question.id);
    await createOption(database.db, question.id);
    const calls = [
      { method: 'GET', url: `/api/surveys/${survey.id}/questions` },
      { method: 'POST', url: `/api/surveys/${survey.id}/questions`, payload: { questions: [parent('n', '9')] } },
      { method: 'POST', url: `/api/surveys/${survey.id}/questions/import`, payload: { libraryIds: [1] } },
      { method: 'DELETE', url: `/api/surveys/${survey.id}/questions/${question.id}` },
      { method: 'POST', url: `/api/questions/${question.id}/options`, payload: { items: [{ value: 'x' }] } },
      {
        method: 'PATCH',
        url: `/api/questions/${question.id}/options/bulk`,
        payload: { items: [{ id: option.id, value: 'x' }] },
      },
      { method: 'DELETE', url: `/api/questions/${question.id}/options/${option.id}` },
    ] as const;
    const callers = [
      { headers: {}, status: 401 },
      { headers: await asGuest(), status: 403 },
      { headers: await asUser(database.db), status: 403 },
    ];
    for (const { headers, status } of callers) {
      for (const call of calls) {
        const response = await app.inject({ ...call, headers });
        expect({ ...call, status: response.statusCode }).toEqual({ ...call, status });
      }
    }
    expect(await questionRows(survey.id)).toHaveLength(1);
    expect(
      await database.db
        .select()
        .from(questionOptions)
        .where(inArray(questionOptions.questionId, [question.id])),
    ).toHaveLength(2);
  });
});

describe('the API documentation', () => {
  it('lists the question calls with the tree and batch shapes', async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/surveys/{id}/questions',
        '/api/surveys/{id}/questions/import',
        '/api/surveys/{id}/questions/{questionId}',
        '/api/questions/{id}/options',
        '/api/questions/{id}/options/bulk',
        '/api/questions/{id}/options/{optionId}',
      ]),
    );
    const body = document.paths['/api/surveys/{id}/questions'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['questions']);
  });
});
