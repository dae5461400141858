import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NewQuestionOption,
  type QuestionInput,
  type QuestionNode,
  type QuestionOptionUpdate,
  SAVE_LIMITS,
} from '@trashegimia/contract/questions';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
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

/** A question as the editor holds it: saved (id) or not yet (tempId), with its options. */
type Draft = Omit<QuestionInput, 'questionParentId' | 'parentTempId'> & {
  parent: { id: number } | { tempId: string } | null;
  newOptions: NewQuestionOption[];
  changedOptions: QuestionOptionUpdate[];
};

/** What one save cost: rounds of question batches and the largest request of each kind. */
type SaveReport = { rounds: number; largestQuestionBatch: number; largestOptionChunk: number; requests: number };

/** Runs the tasks with at most `width` of them at a time. */
async function inParallel(tasks: (() => Promise<void>)[], width: number) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) await task();
    }),
  );
}

async function call(method: 'POST' | 'PATCH', url: string, payload: unknown) {
  const response = await app.inject({ method, url, headers: admin, payload: payload as object });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/**
 * Saves the way the editor does (spec §4): questions whose parent is saved go in rounds, their new
 * ids mapped back from the tempIds, until none remain (at most SAVE_LIMITS.questionSyncRounds);
 * then per question, changed options in chunks of 200, 4 at a time, and new options, 6 questions
 * at a time.
 */
async function saveLikeTheEditor(surveyId: number, drafts: Draft[]): Promise<SaveReport> {
  const report: SaveReport = { rounds: 0, largestQuestionBatch: 0, largestOptionChunk: 0, requests: 0 };
  const idOf = new Map<string, number>();
  const parentIdOf = (draft: Draft) =>
    draft.parent === null ? null : 'id' in draft.parent ? draft.parent.id : idOf.get(draft.parent.tempId);

  let pending = drafts;
  while (pending.length > 0) {
    report.rounds++;
    expect(report.rounds).toBeLessThanOrEqual(SAVE_LIMITS.questionSyncRounds);
    const ready = pending.filter((draft) => parentIdOf(draft) !== undefined);
    for (let start = 0; start < ready.length; start += SAVE_LIMITS.questionsPerCall) {
      const batch = ready.slice(start, start + SAVE_LIMITS.questionsPerCall);
      report.largestQuestionBatch = Math.max(report.largestQuestionBatch, batch.length);
      report.requests++;
      const { mappings } = await call('POST', `/api/surveys/${surveyId}/questions`, {
        questions: batch.map((draft): QuestionInput => {
          const { parent: _parent, newOptions: _new, changedOptions: _changed, ...question } = draft;
          return { ...question, questionParentId: parentIdOf(draft) };
        }),
      });
      for (const { tempId, id } of mappings) idOf.set(tempId, id);
    }
    pending = pending.filter((draft) => !ready.includes(draft));
  }

  const questionIdOf = (draft: Draft) => draft.id ?? idOf.get(draft.tempId!)!;
  const updates = drafts.flatMap((draft) => {
    const chunks = [];
    for (let start = 0; start < draft.changedOptions.length; start += SAVE_LIMITS.optionUpdateChunk) {
      chunks.push(draft.changedOptions.slice(start, start + SAVE_LIMITS.optionUpdateChunk));
    }
    return chunks.map((items) => async () => {
      report.largestOptionChunk = Math.max(report.largestOptionChunk, items.length);
      report.requests++;
      await call('PATCH', `/api/questions/${questionIdOf(draft)}/options/bulk`, { items });
    });
  });
  await inParallel(updates, SAVE_LIMITS.optionUpdatesInParallel);

  const creates = drafts
    .filter((draft) => draft.newOptions.length > 0)
    .map((draft) => async () => {
      report.largestOptionChunk = Math.max(report.largestOptionChunk, draft.newOptions.length);
      report.requests++;
      await call('POST', `/api/questions/${questionIdOf(draft)}/options`, { items: draft.newOptions });
    });
  await inParallel(creates, SAVE_LIMITS.optionCreatesInParallel);
  return report;
}

const CHAPTERS = 12;
const QUESTIONS_PER_CHAPTER = 25;
const OPTIONS_PER_QUESTION = 20;

const options = (count: number): NewQuestionOption[] =>
  Array.from({ length: count }, (_, n) => ({
    value: `Opsioni ${n + 1}`,
    descriptionXk: `Opsioni ${n + 1}`,
    descriptionEn: `Option ${n + 1}`,
  }));

/** 12 chapters of 25 choice questions (300) with 20 options each (6,000), none saved yet. */
function newSurveyDrafts(): Draft[] {
  return Array.from({ length: CHAPTERS }, (_, c) => {
    const chapterNr = String(c + 1);
    const chapter: Draft = {
      tempId: `chapter-${chapterNr}`,
      questionNr: chapterNr,
      questionCategory: 'CHAPTER',
      titleXk: `Kapitulli ${chapterNr}`,
      parent: null,
      newOptions: [],
      changedOptions: [],
    };
    const questions = Array.from({ length: QUESTIONS_PER_CHAPTER }, (_, q): Draft => ({
      tempId: `question-${chapterNr}.${q + 1}`,
      questionNr: `${chapterNr}.${q + 1}`,
      questionCategory: 'PARENT',
      questionType: 'SINGLE_CHOICE',
      titleXk: `Pyetja ${chapterNr}.${q + 1}`,
      parent: { tempId: chapter.tempId! },
      newOptions: options(OPTIONS_PER_QUESTION),
      changedOptions: [],
    }));
    return [chapter, ...questions];
  }).flat();
}

const getTree = async (surveyId: number): Promise<QuestionNode[]> => {
  const response = await app.inject({ url: `/api/surveys/${surveyId}/questions`, headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json().items;
};

describe('saving a survey of 300 questions with 20 options each', () => {
  it('saves it in two rounds of questions and small option requests, and reads it back whole', async () => {
    const survey = await call('POST', '/api/surveys', { descriptionXk: 'Anketa e madhe' });

    const report = await saveLikeTheEditor(survey.id, newSurveyDrafts());
    expect(report).toMatchObject({ rounds: 2, largestQuestionBatch: CHAPTERS * QUESTIONS_PER_CHAPTER });
    expect(report.largestOptionChunk).toBeLessThanOrEqual(SAVE_LIMITS.optionUpdateChunk);
    expect(report.requests).toBe(2 + CHAPTERS * QUESTIONS_PER_CHAPTER);

    const tree = await getTree(survey.id);
    expect(tree.map((chapter) => chapter.questionNr)).toEqual(
      Array.from({ length: CHAPTERS }, (_, c) => String(c + 1)),
    );
    for (const chapter of tree) {
      expect(chapter.children.map((q) => q.questionNr)).toEqual(
        Array.from({ length: QUESTIONS_PER_CHAPTER }, (_, q) => `${chapter.questionNr}.${q + 1}`),
      );
      expect(chapter.children.map((q) => q.questionOrder)).toEqual(
        Array.from({ length: QUESTIONS_PER_CHAPTER }, (_, q) => q + 1),
      );
      for (const question of chapter.children) {
        expect(question.options.map((o) => o.value)).toEqual(options(OPTIONS_PER_QUESTION).map((o) => o.value));
      }
    }
  }, 240_000);

  it('saves a second time with a new first chapter, every question renumbered and every option changed', async () => {
    const survey = await call('POST', '/api/surveys', { descriptionXk: 'Anketa e madhe, e ndryshuar' });
    await saveLikeTheEditor(survey.id, newSurveyDrafts());
    const saved = await getTree(survey.id);

    // The editor inserts a chapter at the top: every number moves down by one chapter.
    const shift = (nr: string) => nr.replace(/^\d+/, (first) => String(Number(first) + 1));
    const drafts: Draft[] = [
      {
        tempId: 'intro',
        questionNr: '1',
        questionCategory: 'CHAPTER',
        titleXk: 'Hyrje',
        parent: null,
        newOptions: [],
        changedOptions: [],
      },
      ...saved.flatMap((chapter): Draft[] => [
        {
          id: chapter.id,
          questionNr: shift(chapter.questionNr),
          questionCategory: 'CHAPTER',
          titleXk: chapter.titleXk,
          parent: null,
          newOptions: [],
          changedOptions: [],
        },
        ...chapter.children.map((question): Draft => ({
          id: question.id,
          questionNr: shift(question.questionNr),
          questionCategory: 'PARENT',
          questionType: 'SINGLE_CHOICE',
          titleXk: `${question.titleXk} (e rishikuar)`,
          parent: { id: chapter.id },
          newOptions: [],
          changedOptions: question.options.map((option) => ({
            id: option.id,
            descriptionEn: `${option.descriptionEn} (revised)`,
          })),
        })),
      ]),
    ];

    const report = await saveLikeTheEditor(survey.id, drafts);
    expect(report.rounds).toBe(1);
    expect(report.largestOptionChunk).toBeLessThanOrEqual(SAVE_LIMITS.optionUpdateChunk);

    const tree = await getTree(survey.id);
    expect(tree.map((chapter) => [chapter.questionNr, chapter.questionOrder])).toEqual(
      Array.from({ length: CHAPTERS + 1 }, (_, c) => [String(c + 1), c + 1]),
    );
    expect(tree[1]!.id).toBe(saved[0]!.id);
    const moved = tree[1]!.children[0]!;
    expect(moved).toMatchObject({
      id: saved[0]!.children[0]!.id,
      questionNr: '2.1',
      titleXk: 'Pyetja 1.1 (e rishikuar)',
    });
    expect(moved.options[19]).toMatchObject({ value: 'Opsioni 20', descriptionEn: 'Option 20 (revised)' });
    expect(tree.slice(1).flatMap((chapter) => chapter.children)).toHaveLength(CHAPTERS * QUESTIONS_PER_CHAPTER);
  }, 240_000);
});
