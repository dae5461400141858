import { PassThrough, type Readable } from 'node:stream';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import { localize } from '@trashegimia/contract/localized-text';
import { SURVEY_STATE } from '@trashegimia/contract/surveys';
import type { XlsFormImported, XlsFormPreview } from '@trashegimia/contract/xlsform';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin } from '../auth';
import { attachmentDisposition } from '../exports';
import { readWorkbook } from '../imports';
import { insertQuestionTree, surveyQuestionNodes } from '../questions/questions.service';
import { createSurveyIn, requireSurvey } from '../surveys/surveys.service';
import { mapXlsForm } from './xlsform-reading';
import { writeXlsForm } from './xlsform-writing';

/**
 * POST /surveys/xlsform?dryRun=true: what the workbook would make and what of it would not be
 * mapped (docs/decisions/0002-xlsform-mapping.md); nothing is written.
 */
export async function previewXlsForm(viewer: TokenClaims | null, file: Buffer): Promise<XlsFormPreview> {
  assertAdmin(viewer);
  return readForm(file);
}

/**
 * POST /surveys/xlsform: a new survey from the workbook, its whole tree in one transaction. It is
 * made passive and without a dataset, so collectors meet it only once an administrator has looked
 * it over and chosen where its assets go.
 */
export async function importXlsForm(db: Database, viewer: TokenClaims | null, file: Buffer): Promise<XlsFormImported> {
  assertAdmin(viewer);
  const { survey, warnings } = await readForm(file);
  const id = await db.transaction(async (tx) => {
    const row = await createSurveyIn(tx, viewer, {
      surveyState: SURVEY_STATE.PASSIVE,
      descriptionXk: survey.descriptionXk,
      descriptionEn: survey.descriptionEn,
      descriptionSr: survey.descriptionSr,
    });
    await insertQuestionTree(tx, row.id, survey.questions);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'survey.xlsform.import',
      subjectType: 'survey',
      subjectId: String(row.id),
      after: { questions: survey.questions.length, warnings },
    });
    return row.id;
  });
  return { id, warnings };
}

/** The form as a survey, or a 400 listing every warning when not one question could be made. */
async function readForm(file: Buffer): Promise<XlsFormPreview> {
  const { survey, warnings } = mapXlsForm(await readWorkbook(file));
  if (survey.questions.length === 0) {
    throw new AppError(400, 'xlsform_unusable', 'Nothing in this workbook could be made into a question', {
      field: 'file',
      warnings,
    });
  }
  return { survey, warnings };
}

/**
 * GET /surveys/{id}/xlsform: the survey as an XLSForm workbook (docs/decisions/0002), named after
 * its description in the request language.
 */
export async function exportXlsForm(
  db: Database,
  viewer: TokenClaims | null,
  id: number,
  language: Language,
): Promise<{ contentDisposition: string; body: Readable }> {
  assertAdmin(viewer);
  const survey = await requireSurvey(db, id);
  const tree = await surveyQuestionNodes(db, id, language);
  const body = new PassThrough();
  writeXlsForm(body, survey, tree).catch((error: unknown) =>
    body.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return {
    contentDisposition: attachmentDisposition(localize(survey, 'description', language) ?? '', {
      extension: 'xlsx',
      fallback: `survey-${id}`,
      suffix: '-xlsform',
    }),
    body,
  };
}
