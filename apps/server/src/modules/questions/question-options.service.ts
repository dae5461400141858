import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import {
  type BulkUpdateQuestionOptionsBody,
  type CreateQuestionOptionsBody,
  holdsQuestions,
  type QuestionCategory,
  type QuestionOptionList,
} from '@trashegimia/contract/questions';
import type { Database, Transaction } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { optionIdsInUse } from '../assets';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin, type UserClaims } from '../auth';
import { markSurveyChanged } from '../surveys/surveys.service';
import { presentOption } from './questions.presenter';
import {
  type OptionValues,
  type QuestionRow,
  countLiveOptions,
  deleteOptionById,
  findQuestion,
  insertOptions,
  lastOptionOrder,
  markOptionDeleted,
  selectLiveOptions,
  selectQuestionSurveyIds,
  updateOption,
} from './questions.repo';
import { questionNotFound } from './questions.service';

const optionNotFound = () => notFound('option');

/**
 * The question whose own options a call changes, with its survey locked and stamped as changed.
 * Chapters and groups have no options; borrowed options are changed only on the question that
 * owns them (spec §5: read-only here).
 */
async function questionWithOwnOptions(tx: Transaction, actor: UserClaims, questionId: number) {
  const question = await findQuestion(tx, questionId);
  if (!question) throw questionNotFound();
  await markSurveyChanged(tx, question.surveyId, actor);
  if (holdsQuestions(question.questionCategory as QuestionCategory)) {
    throw conflict(
      `Question ${question.questionNr} is a chapter or group, which has no options`,
      'question_has_no_options',
    );
  }
  if (question.optionsSourceQuestionId !== null) {
    throw conflict(
      `Question ${question.questionNr} borrows the options of another question; change them on that question`,
      'options_borrowed',
    );
  }
  return question;
}

type OptionInput = { conditionalParentQuestionId?: number | null | undefined };

/** An option may only depend on the answer to a question of its own survey. */
async function checkConditionalParents(tx: Transaction, question: QuestionRow, items: OptionInput[]) {
  const ids = items.flatMap((item) =>
    item.conditionalParentQuestionId == null ? [] : [item.conditionalParentQuestionId],
  );
  const surveyOf = await selectQuestionSurveyIds(tx, [...new Set(ids)]);
  const index = items.findIndex(
    (item) =>
      item.conditionalParentQuestionId != null && surveyOf.get(item.conditionalParentQuestionId) !== question.surveyId,
  );
  if (index >= 0) {
    throw badRequest(
      `items.${index}.conditionalParentQuestionId`,
      `Question ${items[index]!.conditionalParentQuestionId} is not a question of this survey`,
      'invalid_conditional_parent',
    );
  }
}

/** POST /questions/{id}/options: new options after the last one, unless they carry an order. */
export async function createQuestionOptions(
  db: Database,
  viewer: TokenClaims | null,
  questionId: number,
  body: z.output<typeof CreateQuestionOptionsBody>,
  language: Language,
): Promise<QuestionOptionList> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const question = await questionWithOwnOptions(tx, viewer, questionId);
    await checkConditionalParents(tx, question, body.items);
    const after = await lastOptionOrder(tx, questionId);
    const rows = await insertOptions(
      tx,
      body.items.map((item, index): OptionValues => ({
        ...item,
        questionId,
        isAnother: item.isAnother ?? false,
        optionOrder: item.optionOrder ?? after + index + 1,
      })),
    );
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question.options.create',
      subjectType: 'question',
      subjectId: String(questionId),
      after: rows,
    });
    return { items: rows.map((row) => presentOption(row, language)) };
  });
}

/** PATCH /questions/{id}/options/bulk: each listed option changes only the fields sent. */
export async function updateQuestionOptions(
  db: Database,
  viewer: TokenClaims | null,
  questionId: number,
  body: z.output<typeof BulkUpdateQuestionOptionsBody>,
  language: Language,
): Promise<QuestionOptionList> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const question = await questionWithOwnOptions(tx, viewer, questionId);
    const before = new Map(
      (
        await selectLiveOptions(
          tx,
          questionId,
          body.items.map((item) => item.id),
        )
      ).map((row) => [row.id, row]),
    );
    const missing = body.items.findIndex((item) => !before.has(item.id));
    if (missing >= 0) {
      throw badRequest(
        `items.${missing}.id`,
        `Option ${body.items[missing]!.id} is not an option of question ${question.questionNr}`,
        'option_not_found',
      );
    }
    await checkConditionalParents(tx, question, body.items);
    const rows = [];
    for (const { id, ...changes } of body.items) {
      const changed = Object.values(changes).some((value) => value !== undefined);
      rows.push(changed ? await updateOption(tx, id, changes) : before.get(id)!);
    }
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question.options.update',
      subjectType: 'question',
      subjectId: String(questionId),
      before: body.items.map((item) => before.get(item.id)),
      after: rows,
    });
    return { items: rows.map((row) => presentOption(row, language)) };
  });
}

/**
 * DELETE /questions/{id}/options/{optionId}: only while another option remains (spec §4). An option
 * that stored answers chose is marked deleted instead of removed, so those answers keep their meaning.
 */
export async function deleteQuestionOption(
  db: Database,
  viewer: TokenClaims | null,
  questionId: number,
  optionId: number,
) {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    await questionWithOwnOptions(tx, viewer, questionId);
    const [option] = await selectLiveOptions(tx, questionId, [optionId]);
    if (!option) throw optionNotFound();
    if ((await countLiveOptions(tx, questionId)) <= 1) {
      throw conflict('A question keeps at least one option: add another before deleting this one', 'last_option');
    }
    const answered = (await optionIdsInUse(tx, [optionId])).length > 0;
    if (answered) await markOptionDeleted(tx, optionId);
    else await deleteOptionById(tx, optionId);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: answered ? 'question.option.mark_deleted' : 'question.option.delete',
      subjectType: 'question_option',
      subjectId: String(optionId),
      before: option,
    });
  });
}
