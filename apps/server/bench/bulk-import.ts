/**
 * Bulk import: a 10,000-row CSV of the demo survey sent, checked and imported whole through the
 * real server (POST /imports, then /run, polling GET /imports/{id} until it is imported). The
 * import is one transaction; the target is on the PostgreSQL server.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { IMPORT_CONTENT_TYPES, type Import } from '@trashegimia/contract/imports';
import type { Database } from '../src/db/client';
import { questionOptions, questions, surveys } from '../src/db/schema/index';
import { type LoadResult, runLoadUntil, type Scenario } from './http-load';
import { markdownTable } from './report';

export const BULK_IMPORT_ROWS = 10_000;
export const BULK_IMPORT_TARGET_MS = 8_000;
/** A public read's p99 while an import runs. */
export const READ_DURING_IMPORT_P99_MS = 200;
/** Connections reading while the import runs. */
const READ_CONNECTIONS = 10;

export type BulkImportFile = { surveyId: number; datasetId: number; csv: string };
export type ImportTimes = { rows: number; uploadMs: number; runMs: number };
/** The import alone (the 8 s target), and another one while public reads load the server. */
export type BulkImportResult = { alone: ImportTimes; withReads: ImportTimes; reads: LoadResult };

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The demo survey's answerable questions as columns (headed by their Albanian titles, which the
 * server maps by itself), every row answering each one: choice questions with an option that has
 * no condition, text questions with text; and a place in Kosovo.
 */
export async function buildBulkImportFile(db: Database): Promise<BulkImportFile> {
  const [survey] = await db
    .select({ id: surveys.id, datasetId: surveys.defaultDatasetId })
    .from(surveys)
    .where(isNotNull(surveys.defaultDatasetId))
    .orderBy(asc(surveys.id))
    .limit(1);
  if (!survey?.datasetId) throw new Error('no survey with a default dataset to import into');
  const answerable = await db
    .select({ id: questions.id, title: questions.titleXk, type: questions.questionType })
    .from(questions)
    .where(
      and(eq(questions.surveyId, survey.id), eq(questions.questionCategory, 'PARENT'), isNotNull(questions.titleXk)),
    )
    .orderBy(asc(questions.id));
  const columns: { title: string; values: string[] }[] = [];
  for (const question of answerable) {
    if (question.type === 'TEXT') {
      columns.push({ title: question.title!, values: [] });
      continue;
    }
    const options = await db
      .select({ value: questionOptions.value })
      .from(questionOptions)
      .where(
        and(
          eq(questionOptions.questionId, question.id),
          eq(questionOptions.isDeleted, false),
          isNull(questionOptions.conditionalParentQuestionId),
        ),
      )
      .orderBy(asc(questionOptions.optionOrder));
    if (options.length > 0) columns.push({ title: question.title!, values: options.map((option) => option.value) });
  }
  const header = [...columns.map((column) => quoted(column.title)), 'Latitude', 'Longitude'].join(',');
  const rows = Array.from({ length: BULK_IMPORT_ROWS }, (_, index) =>
    [
      ...columns.map((column) =>
        quoted(
          column.values.length > 0 ? column.values[index % column.values.length]! : `Aseti i importuar ${index + 1}`,
        ),
      ),
      (42.2 + (index % 500) / 1000).toFixed(5),
      (20.7 + (index % 700) / 1000).toFixed(5),
    ].join(','),
  );
  return { surveyId: survey.id, datasetId: survey.datasetId, csv: [header, ...rows].join('\n') };
}

/**
 * Sends the file, runs its import and waits for it: once alone, then once more while `reads` load
 * the server from 10 connections (its p99 the target).
 */
export async function measureBulkImport(
  baseUrl: string,
  file: BulkImportFile,
  headers: Record<string, string>,
  reads: Scenario,
): Promise<BulkImportResult> {
  const alone = await sendAndImport(baseUrl, file, headers);
  let imported: (value: unknown) => void = () => {};
  const done = new Promise((resolve) => (imported = resolve));
  const readsDuring = runLoadUntil(baseUrl, reads, READ_CONNECTIONS, done);
  try {
    const withReads = await sendAndImport(baseUrl, file, headers);
    imported(undefined);
    return { alone, withReads, reads: await readsDuring };
  } finally {
    imported(undefined);
  }
}

async function sendAndImport(
  baseUrl: string,
  file: BulkImportFile,
  headers: Record<string, string>,
): Promise<ImportTimes> {
  const uploadStarted = performance.now();
  const created = await fetch(
    `${baseUrl}/api/imports?surveyId=${file.surveyId}&datasetId=${file.datasetId}&fileName=bench.csv`,
    { method: 'POST', headers: { ...headers, 'content-type': IMPORT_CONTENT_TYPES.csv }, body: file.csv },
  );
  if (!created.ok) throw new Error(`import upload answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
  const draft = (await created.json()) as Import;
  const uploadMs = performance.now() - uploadStarted;

  const runStarted = performance.now();
  const started = await fetch(`${baseUrl}/api/imports/${draft.id}/run`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping: draft.suggestedMapping }),
  });
  if (started.status !== 202)
    throw new Error(`import run answered ${started.status}: ${(await started.text()).slice(0, 300)}`);
  for (;;) {
    const current = (await (await fetch(`${baseUrl}/api/imports/${draft.id}`, { headers })).json()) as Import;
    if (current.state === 'imported') {
      if (current.importedAssets !== BULK_IMPORT_ROWS) throw new Error(`imported ${current.importedAssets} rows`);
      return { rows: current.importedAssets, uploadMs, runMs: performance.now() - runStarted };
    }
    if (current.state === 'failed') throw new Error(`the import failed: ${current.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function printBulkImportReport(label: string, result: BulkImportResult) {
  const onServer = label === 'PostgreSQL server' ? '' : ' (on the PostgreSQL server)';
  const row = (scenario: string, times: ImportTimes, target: string) => [
    scenario,
    times.rows,
    times.uploadMs.toFixed(0),
    times.runMs.toFixed(0),
    (times.uploadMs + times.runMs).toFixed(0),
    target,
  ];
  const total = result.alone.uploadMs + result.alone.runMs;
  console.log(`\n${label}: bulk import (one transaction, an audit entry per asset)\n`);
  console.log(
    markdownTable(
      ['scenario', 'rows', 'send + parse ms', 'check + import ms', 'in all ms', 'target'],
      [
        row(
          'CSV of the demo survey → UPLOADED assets',
          result.alone,
          `≤ ${BULK_IMPORT_TARGET_MS.toLocaleString('en')} ms${onServer} ${total <= BULK_IMPORT_TARGET_MS ? '✓' : '✗'}`,
        ),
        row(`the same, under public reads from ${READ_CONNECTIONS} connections`, result.withReads, ''),
      ],
    ),
  );
  const { reads } = result;
  console.log(
    '\n' +
      markdownTable(
        ['reads while the second ran', 'requests', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx', 'target'],
        [
          [
            `${reads.name}, ${READ_CONNECTIONS} connections`,
            reads.runs,
            reads.p50.toFixed(1),
            reads.p99.toFixed(1),
            reads.perSecond.toFixed(0),
            reads.non2xx + reads.errors,
            `p99 ≤ ${READ_DURING_IMPORT_P99_MS} ms${onServer} ${reads.p99 <= READ_DURING_IMPORT_P99_MS ? '✓' : '✗'}`,
          ],
        ],
      ),
  );
}
