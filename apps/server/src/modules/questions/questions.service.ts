import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import {
  planQuestionSave,
  QuestionSaveRefused,
  type SavedQuestionInput,
  type StoredQuestion,
} from '@trashegimia/contract/question-save-plan';
import { type DuplicateSurveyBody, type Survey, SURVEY_STATE } from '@trashegimia/contract/surveys';
import type { XlsFormQuestion } from '@trashegimia/contract/xlsform';
import {
  holdsQuestions,
  type ImportLibraryQuestionsBody,
  type ImportLibraryQuestionsResult,
  type QuestionCategory,
  type QuestionNode,
  type SurveyQuestions,
  type UpsertQuestionsBody,
  type UpsertQuestionsResult,
} from '@trashegimia/contract/questions';
import type { Database, Executor, Transaction } from '../../db/client';
import { cachedRead } from '../../db/cache';
import { questionOptions, questions } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../errors';
import { answeredQuestionIds } from '../assets';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin } from '../auth';
import { findQuestionGroups, missingQuestionGroupIds } from '../question-groups/question-groups.service';
import { libraryQuestionsForImport } from '../question-library/question-library.service';
import { presentSurvey } from '../surveys';
import { createSurveyIn, markSurveyChanged, requireSurvey } from '../surveys/surveys.service';
import { buildQuestionTree, nextNumbersUnder, questionOrders, subtreeIds } from './question-tree';
import { presentQuestionTree } from './questions.presenter';
import {
  type OptionRow,
  type QuestionRow,
  type QuestionValues,
  deleteQuestionsById,
  insertOptions,
  insertQuestions,
  parkQuestionNumbers,
  selectLiveSurveyOptions,
  selectSurveyQuestions,
  setOptionSources,
  setQuestionOrders,
  updateQuestion,
} from './questions.repo';

export const questionNotFound = () => notFound('question');

/** GET /surveys/{id}/questions: the tree with each question's options, and the groups it uses. */
export async function getSurveyQuestions(
  db: Executor,
  viewer: TokenClaims | null,
  surveyId: number,
  language: Language,
): Promise<SurveyQuestions> {
  assertAdmin(viewer);
  await requireSurvey(db, surveyId);
  return surveyQuestionTree(db, surveyId, language);
}

/**
 * A survey's question tree with each question's options, and the groups it uses, for whoever may
 * fill the survey in or edit it (callers check that).
 */
export async function surveyQuestionTree(db: Executor, surveyId: number, language: Language): Promise<SurveyQuestions> {
  const items = await surveyQuestionNodes(db, surveyId, language);
  const groupIds = [...groupIdsIn(items)];
  return { items, questionGroups: await findQuestionGroups(db, groupIds, language) };
}

/**
 * The survey's question tree without its groups, kept in memory until a question or an option
 * changes: every field submission checks its answers against it. Shared by every caller: never changed.
 */
export function surveyQuestionNodes(db: Executor, surveyId: number, language: Language): Promise<QuestionNode[]> {
  return cachedRead(db, 'survey_question_nodes', `${surveyId}:${language}`, [questions, questionOptions], async () => {
    const [rows, options] = await Promise.all([
      selectSurveyQuestions(db, surveyId),
      selectLiveSurveyOptions(db, surveyId),
    ]);
    const optionsByQuestion = new Map<number, OptionRow[]>();
    for (const option of options) {
      const siblings = optionsByQuestion.get(option.questionId);
      if (siblings) siblings.push(option);
      else optionsByQuestion.set(option.questionId, [option]);
    }
    const optionsOf = (question: QuestionRow): OptionRow[] =>
      optionsByQuestion.get(question.optionsSourceQuestionId ?? question.id) ?? [];
    return presentQuestionTree(buildQuestionTree(rows), optionsOf, language);
  });
}

function* groupIdsIn(nodes: QuestionNode[]): Generator<number> {
  for (const node of nodes) {
    if (node.questionGroupId !== null) yield node.questionGroupId;
    yield* groupIdsIn(node.children);
  }
}

const valuesOf = (surveyId: number, question: SavedQuestionInput, parentId: number | null): QuestionValues => ({
  surveyId,
  parentId,
  questionNr: question.questionNr,
  questionCategory: question.questionCategory,
  questionType: question.questionType ?? null,
  titleXk: question.titleXk ?? null,
  titleEn: question.titleEn ?? null,
  titleSr: question.titleSr ?? null,
  hintXk: question.hintXk ?? null,
  hintEn: question.hintEn ?? null,
  hintSr: question.hintSr ?? null,
  required: question.required ?? false,
  questionIdentifier: question.questionIdentifier ?? null,
  limMin: question.limMin ?? null,
  limMax: question.limMax ?? null,
  questionGroupId: question.questionGroupId ?? null,
  optionsSourceQuestionId: question.questionOptionsId ?? null,
});

/** The batch's save plan, or the API error naming the first rule it breaks. */
function planOrRefuse(stored: StoredQuestion[], batch: SavedQuestionInput[]) {
  try {
    return planQuestionSave(stored, batch);
  } catch (error) {
    if (!(error instanceof QuestionSaveRefused)) throw error;
    throw error.status === 409
      ? conflict(error.message, error.code, error.field)
      : badRequest(error.field, error.message, error.code);
  }
}

/**
 * POST /surveys/{id}/questions: creates and changes a batch of questions in one transaction, new
 * parents before their children, and answers with the id of every item sent with a tempId.
 */
export async function upsertSurveyQuestions(
  db: Database,
  viewer: TokenClaims | null,
  surveyId: number,
  body: z.output<typeof UpsertQuestionsBody>,
): Promise<UpsertQuestionsResult> {
  assertAdmin(viewer);
  const batch = body.questions;
  return db.transaction(async (tx) => {
    await markSurveyChanged(tx, surveyId, viewer);
    const stored = await selectSurveyQuestions(tx, surveyId);
    const plan = planOrRefuse(stored, batch);
    await checkGroupsExist(tx, batch);
    const storedById = new Map(stored.map((row) => [row.id, row]));
    await checkNoAnswersWouldBeHidden(tx, batch, storedById);

    const renumbered = plan.updates.flatMap((index) => {
      const { id, questionNr } = batch[index]!;
      return storedById.get(id!)!.questionNr === questionNr ? [] : [id!];
    });
    await parkQuestionNumbers(tx, renumbered);

    const idOfTempId = new Map(
      batch.flatMap((question) =>
        question.id !== undefined && question.tempId !== undefined ? [[question.tempId, question.id] as const] : [],
      ),
    );
    const parentIdOf = (question: SavedQuestionInput) =>
      question.questionParentId ?? (question.parentTempId == null ? null : idOfTempId.get(question.parentTempId)!);
    for (const level of plan.insertLevels) {
      const ids = await insertQuestions(
        tx,
        level.map((index) => valuesOf(surveyId, batch[index]!, parentIdOf(batch[index]!))),
      );
      level.forEach((index, position) => idOfTempId.set(batch[index]!.tempId!, ids[position]!));
    }
    for (const index of plan.updates) {
      const question = batch[index]!;
      await updateQuestion(tx, question.id!, valuesOf(surveyId, question, parentIdOf(question)));
    }
    await renumberQuestionOrders(tx, surveyId);

    const mappings = batch.flatMap((question) =>
      question.tempId === undefined ? [] : [{ tempId: question.tempId, id: idOfTempId.get(question.tempId)! }],
    );
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'survey.questions.save',
      subjectType: 'survey',
      subjectId: String(surveyId),
      before: plan.updates.map((index) => storedById.get(batch[index]!.id!)),
      after: batch.map((question) => ({
        id: question.id ?? idOfTempId.get(question.tempId!),
        ...valuesOf(surveyId, question, parentIdOf(question)),
      })),
    });
    return { mappings };
  });
}

/**
 * A whole new tree (an imported XLSForm) under a survey without questions yet, in the caller's
 * transaction: a level of questions at a time, then every option, whose conditions and skip
 * targets name questions by number.
 */
export async function insertQuestionTree(tx: Transaction, surveyId: number, tree: XlsFormQuestion[]) {
  const idOfNr = new Map<string, number>();
  const made: { node: XlsFormQuestion; id: number }[] = [];
  let level = tree.map((node) => ({ node, parentId: null as number | null }));
  while (level.length > 0) {
    const ids = await insertQuestions(
      tx,
      level.map(({ node, parentId }) => ({
        surveyId,
        parentId,
        questionNr: node.questionNr,
        questionCategory: node.questionCategory,
        questionType: node.questionType,
        titleXk: node.titleXk,
        titleEn: node.titleEn,
        titleSr: node.titleSr,
        hintXk: node.hintXk,
        hintEn: node.hintEn,
        hintSr: node.hintSr,
        required: node.required,
        questionIdentifier: node.questionIdentifier,
        limMin: node.limMin,
        limMax: node.limMax,
      })),
    );
    level.forEach(({ node }, index) => {
      idOfNr.set(node.questionNr, ids[index]!);
      made.push({ node, id: ids[index]! });
    });
    level = level.flatMap(({ node }, index) => node.children.map((child) => ({ node: child, parentId: ids[index]! })));
  }
  await insertOptions(
    tx,
    made.flatMap(({ node, id }) =>
      node.options.map((option, position) => ({
        questionId: id,
        value: option.value,
        optionOrder: position + 1,
        descriptionXk: option.descriptionXk,
        descriptionEn: option.descriptionEn,
        descriptionSr: option.descriptionSr,
        disclaimerXk: option.disclaimerXk,
        disclaimerEn: option.disclaimerEn,
        disclaimerSr: option.disclaimerSr,
        validateType: option.validateType,
        toQuestionNr: option.toQuestionNr,
        conditionalParentQuestionId:
          option.conditionalParentQuestionNr === null ? null : (idOfNr.get(option.conditionalParentQuestionNr) ?? null),
        conditionalParentQuestionValue: option.conditionalParentQuestionValue,
        isAnother: option.isAnother,
      })),
    ),
  );
  await renumberQuestionOrders(tx, surveyId);
}

/**
 * POST /surveys/{id}/duplicate: a new passive survey, in one transaction, with a copy of the
 * survey's tree: questions level by level under their copied parents, then the live options, whose
 * conditions and borrowed options point at the copies. Numbers stay, so skip targets need no change.
 */
export async function duplicateSurvey(
  db: Database,
  viewer: TokenClaims | null,
  surveyId: number,
  body: z.output<typeof DuplicateSurveyBody>,
  language: Language,
): Promise<Survey> {
  assertAdmin(viewer);
  const original = await requireSurvey(db, surveyId);
  return db.transaction(async (tx) => {
    const copy = await createSurveyIn(tx, viewer, {
      surveyState: SURVEY_STATE.PASSIVE,
      defaultDatasetId: original.defaultDatasetId,
      descriptionXk: body.descriptionXk === undefined ? original.descriptionXk : body.descriptionXk,
      descriptionEn: body.descriptionEn === undefined ? original.descriptionEn : body.descriptionEn,
      descriptionSr: body.descriptionSr === undefined ? original.descriptionSr : body.descriptionSr,
      longDescriptionXk: original.longDescriptionXk,
      longDescriptionEn: original.longDescriptionEn,
      longDescriptionSr: original.longDescriptionSr,
    });
    const rows = await selectSurveyQuestions(tx, surveyId);
    const copyOf = new Map<number, number>();
    let level = buildQuestionTree(rows);
    while (level.length > 0) {
      const ids = await insertQuestions(
        tx,
        level.map(({ row: { id: _id, createdAt: _createdAt, ...values } }) => ({
          ...values,
          surveyId: copy.id,
          parentId: values.parentId === null ? null : copyOf.get(values.parentId)!,
          // Set below, once every question it may borrow from has its copy.
          optionsSourceQuestionId: null,
        })),
      );
      level.forEach(({ row }, index) => copyOf.set(row.id, ids[index]!));
      level = level.flatMap(({ children }) => children);
    }
    await setOptionSources(
      tx,
      rows.flatMap((row) =>
        row.optionsSourceQuestionId === null
          ? []
          : [{ id: copyOf.get(row.id)!, optionsSourceQuestionId: copyOf.get(row.optionsSourceQuestionId) ?? null }],
      ),
    );
    const options = await selectLiveSurveyOptions(tx, surveyId);
    await insertOptions(
      tx,
      options.map(({ id: _id, isDeleted: _isDeleted, ...values }) => ({
        ...values,
        questionId: copyOf.get(values.questionId)!,
        conditionalParentQuestionId:
          values.conditionalParentQuestionId === null ? null : (copyOf.get(values.conditionalParentQuestionId) ?? null),
      })),
    );
    return presentSurvey(copy, language);
  });
}

async function checkGroupsExist(tx: Transaction, batch: SavedQuestionInput[]) {
  const missing = new Set(
    await missingQuestionGroupIds(
      tx,
      batch.flatMap((question) => (question.questionGroupId == null ? [] : [question.questionGroupId])),
    ),
  );
  const index = batch.findIndex(
    (question) => question.questionGroupId != null && missing.has(question.questionGroupId),
  );
  if (index >= 0) {
    throw badRequest(
      `questions.${index}.questionGroupId`,
      `Question group ${batch[index]!.questionGroupId} does not exist`,
      'question_group_not_found',
    );
  }
}

/** A question with answers cannot become a chapter or group, which has no answers: they would vanish from view. */
async function checkNoAnswersWouldBeHidden(
  tx: Transaction,
  batch: SavedQuestionInput[],
  storedById: Map<number, QuestionRow>,
) {
  const becomingHolders = batch.filter(
    (question) =>
      question.id !== undefined &&
      holdsQuestions(question.questionCategory) &&
      !holdsQuestions(storedById.get(question.id)!.questionCategory as QuestionCategory),
  );
  const answered = new Set(
    await answeredQuestionIds(
      tx,
      becomingHolders.map((question) => question.id!),
    ),
  );
  const index = batch.findIndex((question) => question.id !== undefined && answered.has(question.id));
  if (index >= 0) {
    throw conflict(
      `Question ${storedById.get(batch[index]!.id!)!.questionNr} has answers stored with assets, so it must stay a question`,
      'question_has_answers',
      `questions.${index}.questionCategory`,
    );
  }
}

async function renumberQuestionOrders(tx: Transaction, surveyId: number) {
  await setQuestionOrders(tx, questionOrders(await selectSurveyQuestions(tx, surveyId)));
}

/**
 * DELETE /surveys/{id}/questions/{questionId}: the question and all its sub-questions, with their
 * options. Questions have no soft delete and their answers would go with them (the foreign key
 * cascades), so a question that stored answers still use is refused (409) rather than silently
 * taking answers out of assets; so is one whose options another question borrows.
 */
export async function deleteSurveyQuestion(
  db: Database,
  viewer: TokenClaims | null,
  surveyId: number,
  questionId: number,
) {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    await markSurveyChanged(tx, surveyId, viewer);
    const stored = await selectSurveyQuestions(tx, surveyId);
    const nrOf = new Map(stored.map((row) => [row.id, row.questionNr]));
    if (!nrOf.has(questionId)) throw questionNotFound();
    const removed = new Set(subtreeIds(stored, questionId));

    const [answered] = await answeredQuestionIds(tx, [...removed]);
    if (answered !== undefined) {
      throw conflict(
        `Question ${nrOf.get(answered)} has answers stored with assets, so it cannot be deleted`,
        'question_has_answers',
      );
    }
    const borrower = stored.find(
      (row) => !removed.has(row.id) && row.optionsSourceQuestionId !== null && removed.has(row.optionsSourceQuestionId),
    );
    if (borrower) {
      throw conflict(
        `Question ${borrower.questionNr} uses the options of question ${nrOf.get(borrower.optionsSourceQuestionId!)}; give it options of its own first`,
        'options_borrowed',
      );
    }

    await deleteQuestionsById(tx, [...removed]);
    await renumberQuestionOrders(tx, surveyId);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'survey.questions.delete',
      subjectType: 'survey',
      subjectId: String(surveyId),
      before: stored.filter((row) => removed.has(row.id)),
    });
  });
}

/**
 * POST /surveys/{id}/questions/import: copies library questions with their options into the
 * survey, numbered after the last question at the top level or under the chosen chapter or group.
 */
export async function importLibraryQuestions(
  db: Database,
  viewer: TokenClaims | null,
  surveyId: number,
  body: z.output<typeof ImportLibraryQuestionsBody>,
): Promise<ImportLibraryQuestionsResult> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    await markSurveyChanged(tx, surveyId, viewer);
    const stored = await selectSurveyQuestions(tx, surveyId);
    const parent = body.questionParentId == null ? null : stored.find((row) => row.id === body.questionParentId);
    if (parent === undefined || (parent !== null && !holdsQuestions(parent.questionCategory as QuestionCategory))) {
      throw badRequest(
        'questionParentId',
        'Library questions can only be placed under a chapter or group of this survey',
        'invalid_parent',
      );
    }
    const library = await libraryQuestionsForImport(tx, body.libraryIds);
    const numbers = nextNumbersUnder(stored, parent, library.length);
    const ids = await insertQuestions(
      tx,
      library.map((question, index) => ({
        surveyId,
        parentId: parent?.id ?? null,
        questionNr: numbers[index]!,
        questionCategory: 'PARENT',
        questionType: question.questionType,
        titleXk: question.titleXk,
        titleEn: question.titleEn,
        titleSr: question.titleSr,
        questionIdentifier: question.questionIdentifier,
      })),
    );
    await insertOptions(
      tx,
      library.flatMap((question, index) =>
        question.options.map((option, position) => ({
          questionId: ids[index]!,
          value: option.value,
          optionOrder: position + 1,
          descriptionXk: option.descriptionXk ?? null,
          descriptionEn: option.descriptionEn ?? null,
          descriptionSr: option.descriptionSr ?? null,
          isAnother: option.isAnother ?? false,
        })),
      ),
    );
    await renumberQuestionOrders(tx, surveyId);

    const items = library.map((question, index) => ({
      libraryId: question.id,
      id: ids[index]!,
      questionNr: numbers[index]!,
    }));
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'survey.questions.import',
      subjectType: 'survey',
      subjectId: String(surveyId),
      after: items,
    });
    return { items };
  });
}
