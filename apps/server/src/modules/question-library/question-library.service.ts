import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type {
  CreateLibraryQuestionBody,
  LibraryQuestion,
  LibraryQuestionList,
  LibraryQuestionListQuery,
  UpdateLibraryQuestionBody,
} from '@trashegimia/contract/question-library';
import type { Database, Executor } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { offsetOf, pageMeta } from '../../http/paging';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin } from '../auth';
import { presentLibraryQuestion } from './question-library.presenter';
import {
  type LibraryQuestionRow,
  deleteLibraryQuestionById,
  findLibraryQuestion,
  insertLibraryQuestion,
  selectLibraryQuestions,
  selectLibraryQuestionsById,
  updateLibraryQuestion,
} from './question-library.repo';

const libraryQuestionNotFound = () => notFound('library_question', 'Library question not found');

export async function listLibraryQuestions(
  db: Executor,
  viewer: TokenClaims | null,
  query: z.output<typeof LibraryQuestionListQuery>,
  language: Language,
): Promise<LibraryQuestionList> {
  assertAdmin(viewer);
  const { rows, total } = await selectLibraryQuestions(db, {
    search: query.q || undefined,
    limit: query.limit,
    offset: offsetOf(query),
  });
  return { items: rows.map((row) => presentLibraryQuestion(row, language)), meta: pageMeta(query, total) };
}

export async function createLibraryQuestion(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof CreateLibraryQuestionBody>,
  language: Language,
): Promise<LibraryQuestion> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const row = await insertLibraryQuestion(tx, body);
    const presented = presentLibraryQuestion(row, language);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question_library.create',
      subjectType: 'question_library',
      subjectId: String(row.id),
      after: presented,
    });
    return presented;
  });
}

export async function changeLibraryQuestion(
  db: Database,
  viewer: TokenClaims | null,
  id: number,
  body: z.output<typeof UpdateLibraryQuestionBody>,
  language: Language,
): Promise<LibraryQuestion> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const before = await findLibraryQuestion(tx, id);
    if (!before) throw libraryQuestionNotFound();
    const after = await updateLibraryQuestion(tx, id, body);
    if (!after) throw libraryQuestionNotFound();
    const presented = presentLibraryQuestion(after, language);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question_library.update',
      subjectType: 'question_library',
      subjectId: String(id),
      before: presentLibraryQuestion(before, language),
      after: presented,
    });
    return presented;
  });
}

/** Questions already copied into surveys keep their copies. */
export async function deleteLibraryQuestion(db: Database, viewer: TokenClaims | null, id: number) {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    const before = await findLibraryQuestion(tx, id);
    if (!before) throw libraryQuestionNotFound();
    await deleteLibraryQuestionById(tx, id);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'question_library.delete',
      subjectType: 'question_library',
      subjectId: String(id),
      before: presentLibraryQuestion(before, 'xk'),
    });
  });
}

/**
 * The library questions to copy into a survey, in the order asked; 400 naming the first id
 * (`libraryIds.<index>`) that is not in the library.
 */
export async function libraryQuestionsForImport(db: Executor, ids: number[]): Promise<LibraryQuestionRow[]> {
  const byId = new Map((await selectLibraryQuestionsById(db, ids)).map((row) => [row.id, row]));
  return ids.map((id, index) => {
    const row = byId.get(id);
    if (!row) {
      throw badRequest(`libraryIds.${index}`, `Library question ${id} does not exist`, 'library_question_not_found');
    }
    return row;
  });
}
