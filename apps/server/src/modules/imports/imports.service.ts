import { setImmediate } from 'node:timers/promises';
import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Language } from '@trashegimia/contract/common';
import {
  type CreateImportQuery,
  type Import,
  type ImportMapping,
  type ImportPreview,
  MAX_LISTED_IMPORT_PROBLEMS,
} from '@trashegimia/contract/imports';
import type { QuestionNode } from '@trashegimia/contract/questions';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { answerChecker, prepareImportedAssets } from '../assets';
import { assertAdmin, type UserClaims } from '../auth';
import { requireVisibleDataset } from '../datasets';
import { surveyQuestionTree } from '../questions/questions.service';
import { requireSurvey } from '../surveys/surveys.service';
import { type ImportQuestion, assertMappingFits, checkRows, suggestMapping } from './import-rows';
import type { ImportJobs } from './import-jobs';
import { findImport, findImportSummary, type ImportSummaryRow, insertImport, markImport } from './imports.repo';
import { readSheet } from './spreadsheet';

/** Assets written per batch of a run: progress moves on per batch. */
const ASSETS_PER_BATCH = 500;
const SAMPLE_ROWS = 5;

const importNotFound = () => notFound('import');

/** POST /imports: reads the file and keeps it, as text, for mapping and preview. */
export async function createImport(
  db: Database,
  viewer: TokenClaims | null,
  query: z.output<typeof CreateImportQuery>,
  file: { kind: 'xlsx' | 'csv'; bytes: Buffer },
  language: Language,
): Promise<Import> {
  assertAdmin(viewer);
  await asBadInput('surveyId', () => requireSurvey(db, query.surveyId));
  await asBadInput('datasetId', () => requireVisibleDataset(db, viewer, query.datasetId));
  const sheet = await readSheet(file.kind, file.bytes);
  const row = await insertImport(db, {
    fileName: query.fileName,
    surveyId: query.surveyId,
    datasetId: query.datasetId,
    headers: sheet.headers,
    rows: sheet.rows,
    rowNumbers: sheet.rowNumbers ?? null,
    rowCount: sheet.rows.length,
    sampleRows: sheet.rows.slice(0, SAMPLE_ROWS),
    createdBy: viewer.userId,
  });
  return presentImport(row, await answerableQuestions(db, row.surveyId, language), undefined);
}

export async function getImport(
  db: Executor,
  viewer: TokenClaims | null,
  jobs: ImportJobs,
  id: string,
  language: Language,
): Promise<Import> {
  assertAdmin(viewer);
  // Progress first: a run that ends after this has committed before it leaves the jobs, so the row
  // read next shows its outcome (read the other way round, a finished run could look 'ready').
  const progress = jobs.progressOf(id);
  const row = await findImportSummary(db, id);
  if (!row) throw importNotFound();
  return presentImport(row, await answerableQuestions(db, row.surveyId, language), progress);
}

/** POST /imports/{id}/preview: every row's problems under this mapping; nothing is written. */
export async function previewImport(
  db: Executor,
  viewer: TokenClaims | null,
  id: string,
  mapping: ImportMapping,
  language: Language,
): Promise<ImportPreview> {
  assertAdmin(viewer);
  const { row, checked } = await checkImport(db, id, mapping, language);
  return {
    rowCount: row.rows.length,
    validRows: row.rows.length - checked.badRows,
    problemCount: checked.problems.length,
    problems: checked.problems.slice(0, MAX_LISTED_IMPORT_PROBLEMS),
    mappingProblems: checked.mappingProblems,
  };
}

/**
 * POST /imports/{id}/run: imports every row in one transaction, or refuses (400, naming the rows)
 * when any row has a problem, so a file is imported whole or not at all. Runs in the background;
 * GET /imports/{id} follows its progress.
 */
export async function runImport(
  db: Database,
  viewer: TokenClaims | null,
  jobs: ImportJobs,
  id: string,
  mapping: ImportMapping,
  language: Language,
): Promise<Import> {
  assertAdmin(viewer);
  const { row, checked, questions } = await checkImport(db, id, mapping, language);
  if (row.state === 'imported') throw conflict('This file has been imported already', 'import_done');
  const first = [...checked.mappingProblems, ...checked.problems.slice(0, 3).map((p) => `Row ${p.row}: ${p.message}`)];
  if (first.length > 0) {
    const more = checked.problems.length + checked.mappingProblems.length - first.length;
    throw badRequest(
      'mapping',
      `Nothing was imported. ${first.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`,
      'import_problems',
    );
  }
  const actor: UserClaims = viewer;
  const started = jobs.start(id, checked.assets.length, async (report) => {
    try {
      await db.transaction(async (tx) => {
        const target = { surveyId: row.surveyId, datasetId: row.datasetId, fileName: row.fileName, importId: row.id };
        const prepare = (start: number) =>
          start < checked.assets.length
            ? prepareImportedAssets(actor, target, checked.assets.slice(start, start + ASSETS_PER_BATCH))
            : undefined;
        let written = 0;
        let next = prepare(0);
        for (let start = 0; next; start += ASSETS_PER_BATCH) {
          const batch = next;
          const writing = batch.write(tx);
          // The next batch is built while the database writes this one: once the statement is sent.
          await setImmediate();
          next = prepare(start + ASSETS_PER_BATCH);
          await writing;
          written += batch.count;
          report(written);
        }
        await markImport(tx, id, { state: 'imported', importedAssets: written });
      });
    } catch (error) {
      await markImport(db, id, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  });
  if (!started) throw conflict('This file is being imported already', 'import_running');
  return presentImport(row, questions, jobs.progressOf(id));
}

async function checkImport(db: Executor, id: string, mapping: ImportMapping, language: Language) {
  const row = await requireImport(db, id);
  const questions = await answerableQuestions(db, row.surveyId, language);
  const sheet = { headers: row.headers, rows: row.rows, rowNumbers: row.rowNumbers ?? undefined };
  assertMappingFits(mapping, sheet.headers, questions);
  const questionIds = Object.values(mapping).flatMap((target) => ('questionId' in target ? [target.questionId] : []));
  const check = await answerChecker(db, row.surveyId, questionIds);
  return { row, questions, checked: checkRows(sheet, mapping, questions, check, row.createdAt) };
}

async function requireImport(db: Executor, id: string) {
  const row = await findImport(db, id);
  if (!row) throw importNotFound();
  return row;
}

/** The survey's PARENT questions, in tree order. */
async function answerableQuestions(db: Executor, surveyId: number, language: Language): Promise<ImportQuestion[]> {
  const { items } = await surveyQuestionTree(db, surveyId, language);
  const flat: ImportQuestion[] = [];
  const walk = (nodes: QuestionNode[]) => {
    for (const node of nodes) {
      if (node.questionCategory === 'PARENT') flat.push(node);
      walk(node.children);
    }
  };
  walk(items);
  return flat;
}

function presentImport(
  row: ImportSummaryRow,
  questions: ImportQuestion[],
  progress: { processedRows: number } | undefined,
): Import {
  return {
    id: row.id,
    fileName: row.fileName,
    surveyId: row.surveyId,
    datasetId: row.datasetId,
    headers: row.headers,
    sampleRows: row.sampleRows,
    rowCount: row.rowCount,
    suggestedMapping: suggestMapping(row.headers, questions),
    state: progress ? 'running' : (row.state as Import['state']),
    processedRows: progress?.processedRows ?? (row.state === 'imported' ? row.rowCount : 0),
    importedAssets: row.importedAssets,
    error: row.error,
  };
}

/** A survey or dataset named in the query that does not exist is bad input (400), not a missing page. */
async function asBadInput(field: string, lookup: () => Promise<unknown>) {
  try {
    await lookup();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw badRequest(field, `${field}: does not exist`);
    throw error;
  }
}
