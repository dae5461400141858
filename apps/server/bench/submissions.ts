/**
 * `npm run bench -- --submissions`: field submissions (POST /api/collect/submissions) through the
 * real server in a child process, each with a fresh uniqueId, as collectors' devices send them: the
 * demo survey (every answerable question answered) and a 250-question survey (10 chapters of 25:
 * 125 TEXT, 125 SINGLE_CHOICE of 4 options), at 1, 10 and 50 connections. Reported as requests a
 * second, p50 and p99, beside the targets; every answer must be 201 and every 201 an asset.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { CollectSurveys, SubmissionBody } from '@trashegimia/contract/collect';
import type { QuestionNode } from '@trashegimia/contract/questions';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../src/db/client';
import { assets } from '../src/db/schema/index';
import { createScratchDatabase } from '../src/db/scratch-database';
import { createDataset, createOption, createQuestion, createSurvey } from '../src/test/factories';
import { asUser } from '../src/test/tokens';
import { startServerProcess } from './export-memory';
import { type LoadResult, runLoad } from './http-load';
import { markdownTable } from './report';
import type { Defer } from './mixed-load';
import { seedBenchDemo } from './synthetic-data';

export const SUBMISSION_TARGETS = {
  /** The 250-question survey at 10 connections, and no lower at 50. */
  widePerSecond: 150,
  /** The demo survey at 10 connections. */
  demoPerSecond: 400,
  /** 10 connections against 1, for both surveys. */
  scaleUp: 3,
  p99AtTenMs: 250,
} as const;

const CONNECTIONS = [1, 10, 50] as const;
const WIDE = { chapters: 10, questionsPerChapter: 25, options: 4 } as const;

export type SubmissionOptions = { drivers: ('pglite' | 'pg')[]; seconds: number; quick: boolean };
type SurveyRuns = { survey: string; surveyId: number; answers: number; runs: LoadResult[] };

const TEMPLATE_ID = '00000000-0000-4000-8000-000000000000';
const WIDE_NAME = '250-question survey';

export async function benchSubmissions(options: SubmissionOptions, defer: Defer) {
  const results = new Map<string, SurveyRuns[]>();
  for (const driver of options.drivers) results.set(driver, await benchDriver(driver, options, defer));
  const server = results.get('pg');
  const embedded = results.get('pglite');
  if (server && embedded) printRatio(server, embedded);
}

async function benchDriver(kind: 'pglite' | 'pg', options: SubmissionOptions, defer: Defer): Promise<SurveyRuns[]> {
  const label = kind === 'pg' ? 'PostgreSQL server' : 'PGlite';
  console.log(`\n## ${label}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-bench-'));
  const removeDir = defer(async () => rmSync(dataDir, { recursive: true, force: true }));
  let target: DatabaseTarget = { dataDir: path.join(dataDir, 'pgdata') };
  let dropScratch = async () => {};
  if (kind === 'pg') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', { prefix: 'bench' });
    dropScratch = defer(() => scratch.drop());
    target = { url: scratch.url };
  }
  let database: DatabaseHandle | null = await openDatabase(target);
  const closeDatabase = defer(async () => database?.close());
  try {
    await seedBenchDemo(database.db, dataDir);
    const wideSurveyId = await createWideSurvey(database.db);
    const collector = await asUser(database.db);
    const before = await assetsBySurvey(target, database.db);
    // PGlite's files belong to one process: hand them to the server process.
    if (kind === 'pglite') {
      await closeDatabase();
      database = null;
    }

    const server = await startServerProcess(target, dataDir);
    const stopServer = defer(() => server.stop());
    const results: SurveyRuns[] = [];
    const sent = new Map<number, number>();
    try {
      const surveys = (await (
        await fetch(`${server.baseUrl}/api/collect/surveys`, { headers: collector })
      ).json()) as CollectSurveys;
      const wide = surveys.items.find((item) => item.survey.id === wideSurveyId);
      const demo = surveys.items.find((item) => item.survey.id !== wideSurveyId);
      if (!wide || !demo) throw new Error('the collector was not offered both surveys');

      for (const item of [demo, wide]) {
        const answers = filledIn(item.questions);
        const template = JSON.stringify({
          surveyId: item.survey.id,
          uniqueId: TEMPLATE_ID,
          date: new Date().toISOString(),
          latitude: 42.66,
          longitude: 21.16,
          answers,
        } satisfies SubmissionBody);
        const name = item === wide ? WIDE_NAME : 'demo survey';
        const scenario = {
          name,
          method: 'POST' as const,
          paths: ['/api/collect/submissions'],
          headers: collector,
          makeBody: () => {
            sent.set(item.survey.id, (sent.get(item.survey.id) ?? 0) + 1);
            return template.replace(TEMPLATE_ID, randomUUID());
          },
        };
        const runs: LoadResult[] = [];
        for (const connections of CONNECTIONS) {
          const run = await runLoad(server.baseUrl, scenario, {
            connections,
            seconds: options.seconds,
            warmupSeconds: options.quick ? 0.5 : 2,
          });
          runs.push({ ...run, name: `${name}, ${connections} connection${connections === 1 ? '' : 's'}` });
          if (run.non2xx + run.errors > 0) {
            const failures = [...run.failures].map(([status, f]) => `${f.count} × ${status} (${f.body})`);
            throw new Error(`${run.name}: ${run.errors} errors, ${failures.join(', ')}`);
          }
        }
        results.push({ survey: name, surveyId: item.survey.id, answers: answers.length, runs });
      }
    } finally {
      await stopServer();
    }
    const after = await assetsBySurvey(target, database?.db ?? null);
    for (const result of results) {
      const made = (after.get(result.surveyId) ?? 0) - (before.get(result.surveyId) ?? 0);
      const counted = result.runs.reduce((sum, run) => sum + run.runs, 0);
      // Warm-up answers are not counted, and the last requests of a run may be cut off unanswered.
      if (made < counted || made > (sent.get(result.surveyId) ?? 0)) {
        throw new Error(`${result.survey}: ${counted} answers counted, ${made} assets made`);
      }
    }
    printReport(label, results);
    return results;
  } finally {
    await closeDatabase();
    await dropScratch();
    await removeDir();
  }
}

/**
 * An active survey with a dataset of its own for new submissions: 10 chapters of 25 questions,
 * alternately TEXT and SINGLE_CHOICE with 4 options (125 of each).
 */
async function createWideSurvey(db: DatabaseHandle['db']): Promise<number> {
  const dataset = await createDataset(db, { name: 'Bench: submissions' });
  const survey = await createSurvey(db, { defaultDatasetId: dataset.id, descriptionXk: 'Anketa e gjerë' });
  let order = 0;
  for (let chapter = 1; chapter <= WIDE.chapters; chapter++) {
    const heading = await createQuestion(db, survey.id, {
      questionNr: String(chapter),
      questionOrder: order++,
      questionCategory: 'CHAPTER',
      questionType: null,
    });
    for (let index = 1; index <= WIDE.questionsPerChapter; index++) {
      const choice = index % 2 === 0;
      const question = await createQuestion(db, survey.id, {
        parentId: heading.id,
        questionNr: `${chapter}.${index}`,
        questionOrder: order++,
        questionType: choice ? 'SINGLE_CHOICE' : 'TEXT',
      });
      for (let option = 1; choice && option <= WIDE.options; option++) {
        await createOption(db, question.id, { value: `Opsioni ${option}`, optionOrder: option });
      }
    }
  }
  return survey.id;
}

/**
 * Answers to every question a collector meets, as a device sends them: text for TEXT (a number within
 * numeric limits), and for choices an option that neither jumps nor ends the survey nor waits on a
 * condition (as many as a multiple choice's lower limit asks).
 */
function filledIn(tree: QuestionNode[]): SubmissionBody['answers'] {
  const answers: SubmissionBody['answers'] = [];
  const walk = (nodes: QuestionNode[]) => {
    for (const node of nodes) {
      if (node.questionCategory === 'PARENT') {
        const plain = node.options.filter(
          (option) =>
            option.validateType !== 'NEXT_QUESTION' &&
            option.validateType !== 'END_SURVEY' &&
            option.conditionalParentQuestionId === null,
        );
        const least = Math.max(1, Number(node.limMin) || 1);
        if (node.questionType === 'TEXT') {
          const numericLimit = [node.limMin, node.limMax].find(
            (limit) => limit !== null && limit.trim() !== '' && Number.isFinite(Number(limit)),
          );
          answers.push({ questionId: node.id, value: numericLimit ?? `Përgjigje ${node.id}` });
        } else if (plain.length > 0) {
          const chosen = node.questionType === 'MULTIPLE_CHOICE' ? plain.slice(0, least) : plain.slice(0, 1);
          answers.push({ questionId: node.id, value: chosen.map((option) => option.value).join(',') });
        }
      }
      walk(node.children);
    }
  };
  walk(tree);
  return answers;
}

/** Assets per survey, to tell that every counted answer made one (fresh uniqueIds: a 200 would be a bug). */
async function assetsBySurvey(target: DatabaseTarget, open: DatabaseHandle['db'] | null): Promise<Map<number, number>> {
  const handle = open ? null : await openDatabase(target);
  try {
    const rows = await (open ?? handle!.db)
      .select({ surveyId: assets.surveyId, n: count() })
      .from(assets)
      .groupBy(assets.surveyId);
    return new Map(rows.map((row) => [row.surveyId, row.n]));
  } finally {
    await handle?.close();
  }
}

function printReport(label: string, results: SurveyRuns[]) {
  console.log(`\n### ${label}: field submissions, each with a fresh uniqueId\n`);
  const rows = results.flatMap(({ survey, answers, runs }) => {
    const [one, ten, fifty] = runs as [LoadResult, LoadResult, LoadResult];
    const perSecondTarget = survey === WIDE_NAME ? SUBMISSION_TARGETS.widePerSecond : SUBMISSION_TARGETS.demoPerSecond;
    return runs.map((run) => {
      const targets: string[] = [];
      if (run === ten) {
        targets.push(
          `≥ ${perSecondTarget}/s ${check(run.perSecond >= perSecondTarget)}`,
          `≥ ${SUBMISSION_TARGETS.scaleUp}× 1 connection (${(ten.perSecond / one.perSecond).toFixed(1)}×) ${check(ten.perSecond >= SUBMISSION_TARGETS.scaleUp * one.perSecond)}`,
          `p99 ≤ ${SUBMISSION_TARGETS.p99AtTenMs} ms ${check(run.p99 <= SUBMISSION_TARGETS.p99AtTenMs)}`,
        );
      }
      if (run === fifty && survey === WIDE_NAME)
        targets.push(`≥ 10 connections' ${check(fifty.perSecond >= ten.perSecond)}`);
      return [
        run.name,
        answers,
        run.runs,
        run.p50.toFixed(1),
        run.p99.toFixed(1),
        run.perSecond.toFixed(0),
        targets.join('; '),
      ];
    });
  });
  console.log(markdownTable(['scenario', 'answers', 'requests', 'p50 ms', 'p99 ms', 'req/s', 'targets'], rows));
}

function printRatio(server: SurveyRuns[], embedded: SurveyRuns[]) {
  console.log('\n### PGlite against the PostgreSQL server (requests a second)\n');
  const rows = server.flatMap((surveyRuns, s) =>
    surveyRuns.runs.map((run, r) => {
      const other = embedded[s]?.runs[r];
      return [
        run.name,
        run.perSecond.toFixed(0),
        other?.perSecond.toFixed(0) ?? '—',
        other ? `${(run.perSecond / other.perSecond).toFixed(1)}×` : '—',
      ];
    }),
  );
  console.log(markdownTable(['scenario', 'server req/s', 'PGlite req/s', 'server ÷ PGlite'], rows));
}

const check = (ok: boolean) => (ok ? '✓' : '✗');
