import {
  SAVE_LIMITS,
  type BulkUpdateQuestionOptionsBody,
  type CreateQuestionOptionsBody,
  type QuestionNode,
  type QuestionOptionList,
  type SurveyQuestions,
  type UpsertQuestionsBody,
  type UpsertQuestionsResult,
} from '@trashegimia/contract/questions';
import type { CreateSurveyBody, Survey, UpdateSurveyBody } from '@trashegimia/contract/surveys';
import { chunksOf, runLimited } from './run-limited';
import {
  draftFrom,
  liveOptions,
  optionBody,
  ownsOptions,
  questionBody,
  snapshot,
  surveyBody,
  type DraftOption,
  type DraftQuestion,
  type EditorDraft,
} from './survey-draft';

/** The calls a save makes (spec §7), passed in so the rules below are tested without a server. */
export type SurveySaveApi = {
  createSurvey: (body: CreateSurveyBody) => Promise<Survey>;
  updateSurvey: (surveyId: number, body: UpdateSurveyBody) => Promise<Survey>;
  getSurvey: (surveyId: number) => Promise<Survey>;
  upsertQuestions: (surveyId: number, body: UpsertQuestionsBody) => Promise<UpsertQuestionsResult>;
  getQuestions: (surveyId: number) => Promise<SurveyQuestions>;
  createOptions: (questionId: number, body: CreateQuestionOptionsBody) => Promise<QuestionOptionList>;
  updateOptions: (questionId: number, body: BulkUpdateQuestionOptionsBody) => Promise<QuestionOptionList>;
};

/** Why a save stopped although every call succeeded. */
export type SaveProblem = 'unmatchedQuestions' | 'unmatchedOptions' | 'tooManyRounds' | 'orphanQuestions';

export class SaveFlowError extends Error {
  override readonly name = 'SaveFlowError';
  constructor(readonly problem: SaveProblem) {
    super(problem);
  }
}

/**
 * A save that failed part-way. `draft` is the editor's copy with everything that did reach the
 * server recorded (new ids, saved states), so the next save sends only what is still missing.
 */
export class SurveySaveError extends Error {
  override readonly name = 'SurveySaveError';
  constructor(
    override readonly cause: unknown,
    readonly draft: EditorDraft,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export type SavedSurvey = {
  survey: Survey;
  questions: SurveyQuestions;
  /** The editor's copy rebuilt from the refreshed survey. */
  draft: EditorDraft;
  /** The survey did not exist before this save. */
  created: boolean;
};

/**
 * Saves the survey as spec §4 says: create or update the survey; then the questions in
 * parent-first rounds (at most SAVE_LIMITS.questionSyncRounds), each round mapping the new ids
 * back by tempId, or, when the server answers no mappings, by number, category, type, titles and
 * parent; then each question's options (changed ones in chunks of 200, 4 calls at a time; new
 * ones 6 questions at a time; deleted ones ignored); finally it reads the survey back.
 */
export const saveSurvey = async (draft: EditorDraft, api: SurveySaveApi): Promise<SavedSurvey> => {
  const work = structuredClone(draft);
  const created = work.survey.id === null;
  try {
    const surveyId = await saveSurveyFields(work, api);
    const questions = new SavedQuestions(work.questions);
    await saveQuestions(questions, surveyId, api);
    await saveOptions(questions, api);
    const [survey, tree] = await Promise.all([api.getSurvey(surveyId), api.getQuestions(surveyId)]);
    return { survey, questions: tree, draft: draftFrom(survey, tree.items), created };
  } catch (error) {
    throw new SurveySaveError(error, work);
  }
};

const saveSurveyFields = async (work: EditorDraft, api: SurveySaveApi) => {
  const body = surveyBody(work.survey);
  if (work.survey.id === null) {
    work.survey.id = (await api.createSurvey(body)).id;
    work.survey.saved = snapshot(body);
  } else if (work.survey.saved !== snapshot(body)) {
    await api.updateSurvey(work.survey.id, body);
    work.survey.saved = snapshot(body);
  }
  return work.survey.id;
};

/** The working copy's questions by key, resolving a parent's (or condition's) key to its id once saved. */
class SavedQuestions {
  private readonly byKey: Map<string, DraftQuestion>;
  constructor(readonly all: DraftQuestion[]) {
    this.byKey = new Map(all.map((question) => [question.key, question]));
  }
  idOf(key: string | null): number | null {
    return key === null ? null : (this.byKey.get(key)?.id ?? null);
  }
  isSaved(key: string) {
    return this.idOf(key) !== null;
  }
  body(question: DraftQuestion) {
    return questionBody(question, this.idOf(question.parentKey));
  }
  optionBody(option: DraftOption) {
    return optionBody(option, this.idOf(option.conditionalParentKey));
  }
}

const saveQuestions = async (questions: SavedQuestions, surveyId: number, api: SurveySaveApi) => {
  let pending = questions.all.filter(
    (question) => question.id === null || question.saved !== snapshot(questions.body(question)),
  );
  for (let round = 1; pending.length > 0; round++) {
    if (round > SAVE_LIMITS.questionSyncRounds) throw new SaveFlowError('tooManyRounds');
    const ready = pending.filter((question) => question.parentKey === null || questions.isSaved(question.parentKey));
    if (ready.length === 0) throw new SaveFlowError('orphanQuestions');
    // Saved questions first: renumbered ones then travel together and swap numbers in one call.
    const ordered = [...ready.filter((question) => question.id !== null), ...ready.filter((q) => q.id === null)];
    for (const batch of chunksOf(ordered, SAVE_LIMITS.questionsPerCall)) {
      await sendQuestions(questions, batch, surveyId, api);
    }
    const sent = new Set(ready);
    pending = pending.filter((question) => !sent.has(question));
  }
};

const sendQuestions = async (
  questions: SavedQuestions,
  batch: DraftQuestion[],
  surveyId: number,
  api: SurveySaveApi,
) => {
  const bodies = batch.map((question) => questions.body(question));
  const { mappings } = await api.upsertQuestions(surveyId, {
    questions: batch.map((question, index) =>
      question.id === null ? { tempId: question.key, ...bodies[index]! } : { id: question.id, ...bodies[index]! },
    ),
  });
  const idOfTempId = new Map(mappings.map((mapping) => [mapping.tempId, mapping.id]));
  const unmapped = batch.filter((question) => question.id === null && !idOfTempId.has(question.key));
  if (unmapped.length > 0) {
    for (const [tempId, id] of await matchByContent(questions, unmapped, surveyId, api)) idOfTempId.set(tempId, id);
  }
  batch.forEach((question, index) => {
    question.id ??= idOfTempId.get(question.key)!;
    question.saved = snapshot(bodies[index]);
  });
};

const flatten = (nodes: QuestionNode[]): QuestionNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

/** Spec §4: without mappings, a new question is the saved one with its number, category, type, titles and parent. */
const matchByContent = async (
  questions: SavedQuestions,
  unmapped: DraftQuestion[],
  surveyId: number,
  api: SurveySaveApi,
) => {
  const stored = flatten((await api.getQuestions(surveyId)).items);
  const claimed = new Set(questions.all.flatMap((question) => (question.id === null ? [] : [question.id])));
  const matches = new Map<string, number>();
  for (const question of unmapped) {
    const body = questions.body(question);
    const match = stored.find(
      (row) =>
        !claimed.has(row.id) &&
        row.questionNr === body.questionNr &&
        row.questionCategory === body.questionCategory &&
        row.questionType === body.questionType &&
        row.titleXk === body.titleXk &&
        row.titleEn === body.titleEn &&
        row.titleSr === body.titleSr &&
        row.questionParentId === body.questionParentId,
    );
    if (!match) throw new SaveFlowError('unmatchedQuestions');
    claimed.add(match.id);
    matches.set(question.key, match.id);
  }
  return matches;
};

const saveOptions = async (questions: SavedQuestions, api: SurveySaveApi) => {
  const updates: (() => Promise<void>)[] = [];
  const creates: (() => Promise<void>)[] = [];
  for (const question of questions.all) {
    const questionId = question.id;
    if (questionId === null || !ownsOptions(question)) continue;
    const live = liveOptions(question.options);
    const changed = live.filter(
      (option) => option.id !== null && option.saved !== snapshot(questions.optionBody(option)),
    );
    for (const chunk of chunksOf(changed, SAVE_LIMITS.optionUpdateChunk)) {
      updates.push(async () => {
        const bodies = chunk.map((option) => questions.optionBody(option));
        await api.updateOptions(questionId, {
          items: chunk.map((option, index) => ({ id: option.id!, ...bodies[index]! })),
        });
        chunk.forEach((option, index) => (option.saved = snapshot(bodies[index])));
      });
    }
    const fresh = live.filter((option) => option.id === null);
    if (fresh.length === 0) continue;
    creates.push(async () => {
      for (const chunk of chunksOf(fresh, SAVE_LIMITS.optionsPerCall)) {
        const bodies = chunk.map((option) => questions.optionBody(option));
        const { items } = await api.createOptions(questionId, { items: bodies });
        if (items.length !== chunk.length) throw new SaveFlowError('unmatchedOptions');
        chunk.forEach((option, index) => {
          option.id = items[index]!.id;
          option.saved = snapshot(bodies[index]);
        });
      }
    });
  }
  await runLimited(updates, SAVE_LIMITS.optionUpdatesInParallel);
  await runLimited(creates, SAVE_LIMITS.optionCreatesInParallel);
};
