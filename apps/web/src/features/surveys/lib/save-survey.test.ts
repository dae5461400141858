import { SAVE_LIMITS, type UpsertQuestionsBody } from '@trashegimia/contract/questions';
import { describe, expect, it } from 'vitest';
import { FakeServerError } from '@/shared/testing/fake-route-fetch';
import { createFakeSurveyServer, type FakeSurveyServer } from '../testing/fake-survey-server';
import { addQuestion, moveQuestion, moveQuestionInto, removeQuestion, withType } from './question-tree';
import { saveSurvey, SaveFlowError, SurveySaveError } from './save-survey';
import {
  blankOption,
  blankQuestion,
  draftFrom,
  emptyDraft,
  hasUnsavedChanges,
  type DraftQuestion,
  type EditorDraft,
} from './survey-draft';

/** A saved, empty survey opened in the editor. */
const openSurvey = (server: FakeSurveyServer): EditorDraft => {
  const survey = server.addSurvey({ descriptionXk: 'Anketa' });
  return draftFrom(survey, []);
};

const add = (draft: EditorDraft, parentKey: string | null, category: 'CHAPTER' | 'GROUP' | 'PARENT' = 'PARENT') => {
  const { questions, added } = addQuestion(draft.questions, parentKey, category);
  draft.questions = questions;
  return added;
};

/** Gives the question `count` options named after it. */
const withOptions = (question: DraftQuestion, count: number): DraftQuestion => ({
  ...withType(question, 'SINGLE_CHOICE'),
  titleXk: `Pyetja ${question.questionNr}`,
  options: Array.from({ length: count }, (_, index) => ({
    ...blankOption(index + 1),
    value: `${question.questionNr}-${index + 1}`,
    descriptionXk: `Opsioni ${index + 1}`,
  })),
});

const replace = (draft: EditorDraft, question: DraftQuestion) => {
  draft.questions = draft.questions.map((candidate) => (candidate.key === question.key ? question : candidate));
};

/** 10 chapters, each with 20 questions and a group of 10 more: 300 questions of 20 options on three levels. */
const bigSurvey = (server: FakeSurveyServer) => {
  const draft = openSurvey(server);
  for (let chapter = 0; chapter < 10; chapter++) {
    const chapterQuestion = add(draft, null, 'CHAPTER');
    for (let index = 0; index < 20; index++) replace(draft, withOptions(add(draft, chapterQuestion.key), 20));
    const group = add(draft, chapterQuestion.key, 'GROUP');
    for (let index = 0; index < 10; index++) replace(draft, withOptions(add(draft, group.key), 20));
  }
  return draft;
};

const surveyIdOf = (draft: EditorDraft) => draft.survey.id!;

describe('saveSurvey', () => {
  it('creates a new survey and reports it as created', async () => {
    const server = createFakeSurveyServer();
    const draft = emptyDraft();
    draft.survey.descriptionXk = '  Monumentet  ';
    draft.survey.descriptionEn = 'Monuments';

    const saved = await saveSurvey(draft, server.api);

    expect(saved.created).toBe(true);
    expect(saved.survey.descriptionXk).toBe('Monumentet');
    expect(saved.draft.survey.id).toBe(saved.survey.id);
    expect(hasUnsavedChanges(saved.draft)).toBe(false);
    expect(server.callsOf('createSurvey')).toHaveLength(1);
  });

  it('saves 300 questions × 20 options on three levels within the round, call and parallel limits', async () => {
    const server = createFakeSurveyServer();
    const draft = bigSurvey(server);

    const saved = await saveSurvey(draft, server.api);

    const surveyId = surveyIdOf(saved.draft);
    expect(server.questionCount(surveyId)).toBe(320);
    expect(server.optionCount(surveyId)).toBe(6000);
    // Chapters, then their questions and groups, then the groups' questions.
    expect(server.callsOf('upsertQuestions').map((call) => call.size)).toEqual([10, 210, 100]);
    const creates = server.callsOf('createOptions');
    expect(creates).toHaveLength(300);
    expect(server.maxInFlight.createOptions).toBe(SAVE_LIMITS.optionCreatesInParallel);
    expect(server.callsOf('updateOptions')).toHaveLength(0);
    expect(server.callsOf('updateSurvey')).toHaveLength(0);
    expect(hasUnsavedChanges(saved.draft)).toBe(false);

    // Every option description changes: each question's 20 go in one bulk call, 4 calls at a time.
    server.resetCounts();
    const edited = structuredClone(saved.draft);
    for (const question of edited.questions) {
      for (const option of question.options) option.descriptionEn = `Option ${option.value}`;
    }
    const resaved = await saveSurvey(edited, server.api);

    expect(server.callsOf('upsertQuestions')).toHaveLength(0);
    expect(server.callsOf('createOptions')).toHaveLength(0);
    const updates = server.callsOf('updateOptions');
    expect(updates).toHaveLength(300);
    expect(updates.every((call) => call.size === 20)).toBe(true);
    expect(server.maxInFlight.updateOptions).toBe(SAVE_LIMITS.optionUpdatesInParallel);
    expect(server.storedOptions().every((option) => option.descriptionEn === `Option ${option.value}`)).toBe(true);
    expect(hasUnsavedChanges(resaved.draft)).toBe(false);
  });

  it('sends the changed options of one question in chunks of 200', async () => {
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    replace(draft, withOptions(add(draft, null), 450));
    const first = await saveSurvey(draft, server.api);
    expect(server.callsOf('createOptions').map((call) => call.size)).toEqual([450]);

    server.resetCounts();
    const edited = structuredClone(first.draft);
    for (const option of edited.questions[0]!.options) option.descriptionSr = `Opcija ${option.value}`;
    await saveSurvey(edited, server.api);

    expect(server.callsOf('updateOptions').map((call) => call.size)).toEqual([200, 200, 50]);
  });

  it('sends nothing but the refresh when nothing changed', async () => {
    const server = createFakeSurveyServer();
    const first = await saveSurvey(bigSurvey(server), server.api);
    server.resetCounts();

    await saveSurvey(first.draft, server.api);

    expect(server.calls.map((call) => call.name).sort()).toEqual(['getQuestions', 'getSurvey']);
  });

  it('updates the survey only when its fields changed', async () => {
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    draft.survey.surveyState = 0;
    draft.survey.longDescriptionSr = 'Dugi opis';

    const saved = await saveSurvey(draft, server.api);

    expect(server.callsOf('updateSurvey')).toHaveLength(1);
    expect(saved.survey.surveyState).toBe(0);
    expect(saved.survey.longDescriptionSr).toBe('Dugi opis');
  });

  it('swaps the numbers of two saved questions, with their sub-questions, in one call', async () => {
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    const first = add(draft, null, 'CHAPTER');
    add(draft, first.key);
    const second = add(draft, null, 'CHAPTER');
    add(draft, second.key);
    const saved = await saveSurvey(draft, server.api);
    server.resetCounts();

    const moved = structuredClone(saved.draft);
    moved.questions = moveQuestion(moved.questions, moved.questions.find((q) => q.questionNr === '2')!.key, 'up');
    const resaved = await saveSurvey(moved, server.api);

    expect(server.callsOf('upsertQuestions').map((call) => call.size)).toEqual([4]);
    expect(
      resaved.questions.items.map((node) => [node.questionNr, node.children.map((child) => child.questionNr)]),
    ).toEqual([
      ['1', ['1.1']],
      ['2', ['2.1']],
    ]);
    expect(resaved.questions.items[0]!.id).toBe(saved.questions.items[1]!.id);
  });

  it('after deleting question 2, saves the questions that moved up and the skip logic that followed them', async () => {
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    const skipping = withOptions(add(draft, null), 1);
    add(draft, null);
    const chapter = add(draft, null, 'CHAPTER');
    add(draft, chapter.key);
    replace(draft, {
      ...skipping,
      options: [{ ...skipping.options[0]!, validateType: 'NEXT_QUESTION', toQuestionNr: '3.1' }],
    });
    replace(draft, withOptions(add(draft, null), 1));
    const saved = await saveSurvey(draft, server.api);

    // As the editor does: the server deletes at once, the renumbering waits for Save.
    const edited = structuredClone(saved.draft);
    const doomedId = saved.questions.items.find((node) => node.questionNr === '2')!.id;
    server.deleteQuestion(doomedId);
    edited.questions = removeQuestion(edited.questions, `q${doomedId}`).questions;
    server.resetCounts();
    const resaved = await saveSurvey(edited, server.api);

    expect(server.callsOf('upsertQuestions').map((call) => call.size)).toEqual([3]);
    expect(
      resaved.questions.items.map((node) => [node.questionNr, node.children.map((child) => child.questionNr)]),
    ).toEqual([
      ['1', []],
      ['2', ['2.1']],
      ['3', []],
    ]);
    expect(resaved.questions.items[0]!.options[0]).toMatchObject({
      validateType: 'NEXT_QUESTION',
      toQuestionNr: '2.1',
    });
    expect(hasUnsavedChanges(resaved.draft)).toBe(false);
  });

  it('moves a saved question into a saved chapter, and out again to the top level', async () => {
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    const chapter = add(draft, null, 'CHAPTER');
    add(draft, chapter.key);
    replace(draft, withOptions(add(draft, null), 3));
    add(draft, null);
    const saved = await saveSurvey(draft, server.api);
    const movedId = saved.questions.items[1]!.id;

    const into = structuredClone(saved.draft);
    into.questions = moveQuestionInto(into.questions, `q${movedId}`, `q${saved.questions.items[0]!.id}`);
    const inside = await saveSurvey(into, server.api);
    expect(inside.questions.items.map((node) => node.questionNr)).toEqual(['1', '2']);
    expect(inside.questions.items[0]!.children.map((child) => [child.questionNr, child.id])).toEqual([
      ['1.1', expect.any(Number)],
      ['1.2', movedId],
    ]);
    expect(inside.questions.items[0]!.children[1]!.options).toHaveLength(3);

    const out = structuredClone(inside.draft);
    out.questions = moveQuestionInto(out.questions, `q${movedId}`, null);
    const outside = await saveSurvey(out, server.api);
    expect(outside.questions.items.map((node) => [node.questionNr, node.id === movedId])).toEqual([
      ['1', false],
      ['2', false],
      ['3', true],
    ]);
  });

  it('points an option at a question created in the same save', async () => {
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    const parent = withOptions(add(draft, null), 2);
    replace(draft, parent);
    const dependent = withOptions(add(draft, null), 1);
    dependent.options[0] = {
      ...dependent.options[0]!,
      conditionalParentKey: parent.key,
      conditionalParentQuestionValue: '1-2',
    };
    replace(draft, dependent);

    const saved = await saveSurvey(draft, server.api);

    const parentId = saved.questions.items[0]!.id;
    expect(saved.questions.items[1]!.options[0]).toMatchObject({
      conditionalParentQuestionId: parentId,
      conditionalParentQuestionValue: '1-2',
    });
  });

  it('saves a required NUMBER question with its bounds, its hints and its one blank option', async () => {
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    replace(draft, {
      ...withType(add(draft, null), 'NUMBER'),
      titleXk: 'Viti i ndërtimit',
      hintXk: ' Sipas mbishkrimit ',
      hintEn: 'From the inscription',
      required: true,
      limMin: '1200',
      limMax: '2025',
    });
    const chapter = add(draft, null, 'CHAPTER');
    replace(draft, { ...chapter, hintSr: 'Uputstvo' });

    const saved = await saveSurvey(draft, server.api);

    expect(saved.questions.items[0]).toMatchObject({
      questionType: 'NUMBER',
      required: true,
      hintXk: 'Sipas mbishkrimit',
      hintEn: 'From the inscription',
      hintSr: null,
      limMin: '1200',
      limMax: '2025',
    });
    expect(saved.questions.items[0]!.options.map((option) => option.value)).toEqual(['']);
    expect(saved.questions.items[1]).toMatchObject({
      questionCategory: 'CHAPTER',
      required: false,
      hintSr: 'Uputstvo',
    });
    expect(hasUnsavedChanges(saved.draft)).toBe(false);
  });

  it('matches new questions by their content when the server answers no mappings', async () => {
    const server = createFakeSurveyServer({ answerMappings: false });
    const draft = openSurvey(server);
    const chapter = add(draft, null, 'CHAPTER');
    replace(draft, { ...chapter, titleXk: 'Kapitulli' });
    replace(draft, withOptions(add(draft, chapter.key), 3));
    replace(draft, withOptions(add(draft, chapter.key), 3));

    const saved = await saveSurvey(draft, server.api);

    expect(server.questionCount(surveyIdOf(saved.draft))).toBe(3);
    expect(server.optionCount(surveyIdOf(saved.draft))).toBe(6);
    expect(saved.questions.items[0]!.children.map((child) => child.options.length)).toEqual([3, 3]);
  });

  it('gives up after the round limit instead of looping', async () => {
    // Real numbers nest at most 10 deep; a stub that accepts anything shows the cap holds regardless.
    const server = createFakeSurveyServer();
    const draft = openSurvey(server);
    let parentKey: string | null = null;
    for (let depth = 0; depth <= SAVE_LIMITS.questionSyncRounds; depth++) {
      const question: DraftQuestion = { ...blankQuestion(String(depth + 1), parentKey, 'GROUP') };
      draft.questions.push(question);
      parentKey = question.key;
    }
    let rounds = 0;
    const api = {
      ...server.api,
      upsertQuestions: async (_surveyId: number, body: UpsertQuestionsBody) => {
        rounds += 1;
        return {
          mappings: body.questions.map((question, index) => ({ tempId: question.tempId!, id: rounds * 10 + index })),
        };
      },
    };

    const error = await saveSurvey(draft, api).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SurveySaveError);
    expect((error as SurveySaveError).cause).toEqual(new SaveFlowError('tooManyRounds'));
    expect(rounds).toBe(SAVE_LIMITS.questionSyncRounds);
  });

  it('after a failure part-way, the next save finishes the job without saving anything twice', async () => {
    const server = createFakeSurveyServer();
    const draft = bigSurvey(server);
    // The second round of questions fails: the chapters are saved, nothing below them.
    server.failOn('upsertQuestions', 2);

    const failure = await saveSurvey(draft, server.api).catch((caught: unknown) => caught);

    expect(failure).toBeInstanceOf(SurveySaveError);
    const { cause, draft: progress } = failure as SurveySaveError;
    expect(cause).toBeInstanceOf(FakeServerError);
    expect(server.questionCount(surveyIdOf(progress))).toBe(10);
    expect(progress.questions.filter((question) => question.id !== null)).toHaveLength(10);

    // Options fail next: some questions get theirs, the rest wait for the next save.
    server.failOn('createOptions', 20);
    const second = await saveSurvey(progress, server.api).catch((caught: unknown) => caught);
    expect(second).toBeInstanceOf(SurveySaveError);
    const partial = server.optionCount(surveyIdOf(progress));
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(6000);

    server.stopFailing();
    const saved = await saveSurvey((second as SurveySaveError).draft, server.api);

    expect(server.questionCount(surveyIdOf(saved.draft))).toBe(320);
    expect(server.optionCount(surveyIdOf(saved.draft))).toBe(6000);
    const values = server.storedOptions().map((option) => `${option.questionId}:${option.value}`);
    expect(new Set(values).size).toBe(6000);
    expect(hasUnsavedChanges(saved.draft)).toBe(false);
  });

  it('after the survey itself was created, a failed save does not create it again', async () => {
    const server = createFakeSurveyServer();
    const draft = emptyDraft();
    draft.survey.descriptionXk = 'E re';
    server.failOn('getSurvey', 1);

    const failure = (await saveSurvey(draft, server.api).catch((caught: unknown) => caught)) as SurveySaveError;
    expect(failure.draft.survey.id).not.toBeNull();

    server.stopFailing();
    const saved = await saveSurvey(failure.draft, server.api);
    expect(server.callsOf('createSurvey')).toHaveLength(1);
    expect(saved.survey.id).toBe(failure.draft.survey.id);
  });
});
