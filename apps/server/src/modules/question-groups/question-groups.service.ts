import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type {
  CreateQuestionGroupBody,
  QuestionGroup,
  QuestionGroupList,
  QuestionGroupListQuery,
  UpdateQuestionGroupBody,
} from '@trashegimia/contract/question-groups';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../errors';
import { offsetOf, pageMeta } from '../../http/paging';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin } from '../auth';
import { presentQuestionGroup } from './question-groups.presenter';
import {
  deleteQuestionGroupById,
  findQuestionGroup,
  insertQuestionGroup,
  selectQuestionGroups,
  selectQuestionGroupsById,
  updateQuestionGroup,
} from './question-groups.repo';

const questionGroupNotFound = () => notFound('question_group');

export async function listQuestionGroups(
  db: Executor,
  viewer: TokenClaims | null,
  query: z.output<typeof QuestionGroupListQuery>,
  language: Language,
): Promise<QuestionGroupList> {
  assertAdmin(viewer);
  const { rows, total } = await selectQuestionGroups(db, { limit: query.limit, offset: offsetOf(query) });
  return { items: rows.map((row) => presentQuestionGroup(row, language)), meta: pageMeta(query, total) };
}

export async function createQuestionGroup(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof CreateQuestionGroupBody>,
  language: Language,
): Promise<QuestionGroup> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const row = await insertQuestionGroup(tx, body);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question_group.create',
      subjectType: 'question_group',
      subjectId: String(row.id),
      after: row,
    });
    return presentQuestionGroup(row, language);
  });
}

export async function changeQuestionGroup(
  db: Database,
  viewer: TokenClaims | null,
  id: number,
  body: z.output<typeof UpdateQuestionGroupBody>,
  language: Language,
): Promise<QuestionGroup> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const before = await findQuestionGroup(tx, id);
    if (!before) throw questionGroupNotFound();
    const after = (await updateQuestionGroup(tx, id, body)) ?? before;
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question_group.update',
      subjectType: 'question_group',
      subjectId: String(id),
      before,
      after,
    });
    return presentQuestionGroup(after, language);
  });
}

/** The group's questions stay in their surveys, ungrouped. */
export async function deleteQuestionGroup(db: Database, viewer: TokenClaims | null, id: number) {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    const before = await findQuestionGroup(tx, id);
    if (!before) throw questionGroupNotFound();
    await deleteQuestionGroupById(tx, id);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question_group.delete',
      subjectType: 'question_group',
      subjectId: String(id),
      before,
    });
  });
}

/** The groups with these ids, for the question tree; ids that do not exist are left out. */
export async function findQuestionGroups(db: Executor, ids: number[], language: Language): Promise<QuestionGroup[]> {
  const rows = await selectQuestionGroupsById(db, [...new Set(ids)]);
  return rows.map((row) => presentQuestionGroup(row, language));
}

/** Which of these ids name no question group. */
export async function missingQuestionGroupIds(db: Executor, ids: number[]): Promise<number[]> {
  const found = new Set((await selectQuestionGroupsById(db, [...new Set(ids)])).map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}
