import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import type {
  CreateSurveyBody,
  Survey,
  SurveyList,
  SurveyListQuery,
  UpdateSurveyBody,
} from '@trashegimia/contract/surveys';
import type { Database, Executor, Transaction } from '../../db/client';
import { notFound } from '../../errors';
import { cachedRead } from '../../db/cache';
import { surveys } from '../../db/schema/index';
import { offsetOf, pageMeta } from '../../http/paging';
import { surveyHasAssets } from '../assets';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin, type UserClaims } from '../auth';
import { userNameOf } from '../users/users.service';
import { presentSurvey } from './surveys.presenter';
import {
  deleteSurveyById,
  findSurvey,
  insertSurvey,
  selectCollectableSurveys,
  selectSurveys,
  surveyHasAssetsConflict,
  type SurveyRow,
  type SurveyValues,
  updateSurvey,
} from './surveys.repo';

export const surveyNotFound = () => notFound('survey');

export async function listSurveys(
  db: Executor,
  viewer: TokenClaims | null,
  query: z.output<typeof SurveyListQuery>,
  language: Language,
): Promise<SurveyList> {
  assertAdmin(viewer);
  const { rows, total } = await selectSurveys(db, {
    search: query.q || undefined,
    limit: query.limit,
    offset: offsetOf(query),
  });
  return { items: rows.map((row) => presentSurvey(row, language)), meta: pageMeta(query, total) };
}

export async function getSurvey(db: Executor, viewer: TokenClaims | null, id: number, language: Language) {
  assertAdmin(viewer);
  return presentSurvey(await requireSurvey(db, id), language);
}

/** The surveys field devices can submit to: active, with a default dataset for their assets. */
export const listCollectableSurveys = (db: Executor) => selectCollectableSurveys(db);

/** The survey, or 404; kept in memory until a survey changes (outside a transaction): every field submission names one. */
export async function requireSurvey(db: Executor, id: number) {
  const row = await cachedRead(db, 'survey', String(id), [surveys], () => findSurvey(db, id));
  if (!row) throw surveyNotFound();
  return row;
}

/** insBy and ludBy name the administrator who made the call, whatever the body says. */
export async function createSurvey(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof CreateSurveyBody>,
  language: Language,
): Promise<Survey> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => presentSurvey(await createSurveyIn(tx, viewer, body), language));
}

/** A new survey made by the administrator `actor`, audited, in the caller's transaction. */
export async function createSurveyIn(tx: Transaction, actor: UserClaims, values: SurveyValues): Promise<SurveyRow> {
  const by = await userNameOf(tx, actor.userId);
  const row = await insertSurvey(tx, { ...values, insBy: by, ludBy: by });
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'survey.create',
    subjectType: 'survey',
    subjectId: String(row.id),
    after: presentSurvey(row, 'xk'),
  });
  return row;
}

export async function changeSurvey(
  db: Database,
  viewer: TokenClaims | null,
  id: number,
  body: z.output<typeof UpdateSurveyBody>,
  language: Language,
): Promise<Survey> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const before = await findSurvey(tx, id);
    if (!before) throw surveyNotFound();
    const after = await updateSurvey(tx, id, { ...body, ludBy: await userNameOf(tx, viewer.userId) });
    if (!after) throw surveyNotFound();
    const presented = presentSurvey(after, language);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'survey.update',
      subjectType: 'survey',
      subjectId: String(id),
      before: presentSurvey(before, language),
      after: presented,
    });
    return presented;
  });
}

/**
 * A survey whose assets exist stays, so no asset loses the questions its answers belong to: 409,
 * and the administrator makes it passive instead. Without assets, its questions and options go with it.
 */
export async function deleteSurvey(db: Database, viewer: TokenClaims | null, id: number) {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    const before = await findSurvey(tx, id);
    if (!before) throw surveyNotFound();
    if (await surveyHasAssets(tx, id)) throw surveyHasAssetsConflict();
    await deleteSurveyById(tx, id);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'survey.delete',
      subjectType: 'survey',
      subjectId: String(id),
      before: presentSurvey(before, 'xk'),
    });
  });
}

/**
 * For every change to a survey's questions and options: stamps the survey's lud and ludBy, and
 * holds its row locked until the transaction ends, so two saves of one survey take turns. 404 when
 * the survey does not exist.
 */
export async function markSurveyChanged(tx: Transaction, surveyId: number, actor: UserClaims) {
  const row = await updateSurvey(tx, surveyId, { ludBy: await userNameOf(tx, actor.userId) });
  if (!row) throw surveyNotFound();
  return row;
}
