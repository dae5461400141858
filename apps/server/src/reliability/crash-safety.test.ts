import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Submission, SubmissionBody } from '@trashegimia/contract/collect';
import { ROLE } from '@trashegimia/contract/common';
import type { Dataset } from '@trashegimia/contract/datasets';
import { type Import, IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import type { QuestionOptionList, SurveyQuestions, UpsertQuestionsResult } from '@trashegimia/contract/questions';
import type { Survey } from '@trashegimia/contract/surveys';
import type { User } from '@trashegimia/contract/users';
import { answers, assets, auditLog, questions } from '../db/schema/index';
import {
  callServer,
  createServerData,
  headersOf,
  largeQuestionBatch,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from './server-process';

let data: ServerData | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await data?.remove();
  server = data = undefined;
});

const SAVED_QUESTIONS = 1000;
const IMPORTED_ROWS = 10_000;
const CONNECTIONS = 50;
/** The load runs at least this long, and until as many submissions as connections were acknowledged, before the kill. */
const LOAD_MS = 1500;
/** A busy machine may answer slowly; past this the server is killed with whatever it acknowledged. */
const MAX_LOAD_MS = 15_000;
const RESENT_ACKNOWLEDGED = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server's transaction is under way. On PostgreSQL: until a session of the
 * server's database holds a transaction id, which it gets with its first write. PGlite's one
 * connection is the server's, so there the test waits `pgliteDelayMs`, well within the write.
 */
async function untilWriting(pgliteDelayMs: number) {
  const url = data!.environment.DATABASE_URL;
  if (!url) return pause(pgliteDelayMs);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ writing: boolean }>(
        `select exists (select from pg_stat_activity where datname = current_database()
          and backend_xid is not null and pid <> pg_backend_pid()) as writing`,
      );
      if (rows[0]!.writing) return;
      await pause(5);
    }
  } finally {
    await client.end();
  }
}

/** Kills the server outright, as a power cut or the OOM killer would, and waits until it is gone. */
async function crash(running: ServerProcess) {
  running.child.kill('SIGKILL');
  await running.exited;
}

/** After a restart: the server still saves, then stops cleanly, and the database opens directly. */
async function expectUsableAfterRestart(surveyId: number) {
  const small = await callServer(server!, 'POST', `/api/surveys/${surveyId}/questions`, {
    questions: [{ tempId: 'after', questionNr: '5000', questionCategory: 'PARENT', questionType: 'TEXT' }],
  });
  expect(small.status, 'a save after the restart succeeds').toBe(200);
  server!.child.kill('SIGTERM');
  expect(await server!.exited).toBe(0);
  server = undefined;
}

/** Runs `check` on the database opened directly (no server may hold a PGlite folder meanwhile). */
async function inDatabase<T>(check: (database: Awaited<ReturnType<ServerData['open']>>) => Promise<T>) {
  const database = await data!.open();
  try {
    return await check(database);
  } finally {
    await database.close();
  }
}

const KINDS = ['Kullë', 'Mulli', 'Urë'];
const MATERIALS = ['Gur', 'Dru', 'Qerpiç'];

type CollectedQuestions = Record<'name' | 'kind' | 'material' | 'notes', number>;
type FilledIn = SubmissionBody & { answers: { questionId: number; value: string }[] };

/** As an administrator sets it up in the back office: a dataset, an active survey for it, its questions and options. */
async function collectedSurvey(running: ServerProcess) {
  const dataset = await callServer<Dataset>(running, 'POST', '/api/datasets', { name: 'Regjistri nën ngarkesë' });
  const survey = await callServer<Survey>(running, 'POST', '/api/surveys', {
    descriptionXk: 'Anketa nën ngarkesë',
    defaultDatasetId: dataset.body.id,
  });
  const question = (tempId: string, questionNr: string, questionType: string) => ({
    tempId,
    questionNr,
    questionCategory: 'PARENT',
    questionType,
    titleXk: `Pyetja ${questionNr}`,
  });
  const saved = await callServer<UpsertQuestionsResult>(running, 'POST', `/api/surveys/${survey.body.id}/questions`, {
    questions: [
      { ...question('name', '1', 'TEXT'), questionIdentifier: 'ASSET_NAME' },
      question('kind', '2', 'SINGLE_CHOICE'),
      question('material', '3', 'SINGLE_CHOICE'),
      question('notes', '4', 'TEXT'),
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const ids = Object.fromEntries(saved.body.mappings.map(({ tempId, id }) => [tempId, id])) as CollectedQuestions;
  for (const [questionId, values] of [
    [ids.kind, KINDS],
    [ids.material, MATERIALS],
  ] as const) {
    const options = await callServer<QuestionOptionList>(running, 'POST', `/api/questions/${questionId}/options`, {
      items: values.map((value) => ({ value })),
    });
    expect(options.status, JSON.stringify(options.body)).toBe(201);
  }
  return { datasetId: dataset.body.id, surveyId: survey.body.id, questionIds: ids };
}

/** A collector's account, made by the administrator; its headers as its login would give them. */
async function collectorHeaders(running: ServerProcess) {
  const user = await callServer<User>(running, 'POST', '/api/users', {
    userName: 'mbledhesi',
    password: 'fjalëkalimi-i-mbledhësit',
    role: ROLE.USER,
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  return { ...(await headersOf(user.body.id, ROLE.USER)), 'content-type': 'application/json' };
}

/** The n-th filled-in survey: every other one leaves the notes out, so submissions differ in size too. */
function filledIn(surveyId: number, questionIds: CollectedQuestions, n: number): FilledIn {
  const uniqueId = randomUUID();
  return {
    surveyId,
    uniqueId,
    date: '2026-10-01T09:30:00.000Z',
    latitude: 42.6629,
    longitude: 21.1655,
    answers: [
      { questionId: questionIds.name, value: `Aseti ${n}` },
      { questionId: questionIds.kind, value: KINDS[n % KINDS.length]! },
      { questionId: questionIds.material, value: MATERIALS[n % MATERIALS.length]! },
      ...(n % 2 === 0 ? [{ questionId: questionIds.notes, value: `Shënim për ${uniqueId}` }] : []),
    ],
  };
}

async function submit(running: ServerProcess, headers: Record<string, string>, body: SubmissionBody) {
  const response = await fetch(`${running.baseUrl}/api/collect/submissions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Submission & { message?: string } };
}

function groupBy<Item>(items: Item[], keyOf: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

const answerKey = ({ questionId, value }: { questionId: number; value: string | null }) => `${questionId}=${value}`;

describe('a server killed with SIGKILL in the middle of a write', () => {
  it('keeps a large survey save whole or not at all, and restarts on the same data', async () => {
    data = await createServerData();
    server = await startServerProcess(data);
    const survey = await callServer<Survey>(server, 'POST', '/api/surveys', { descriptionXk: 'Anketa e ndërprerë' });
    const surveyUrl = `/api/surveys/${survey.body.id}/questions`;

    const save = callServer(server, 'POST', surveyUrl, largeQuestionBatch(SAVED_QUESTIONS)).catch(() => 'cut off');
    await server.waitForOutput(new RegExp(`"url":"${surveyUrl}"`));
    // On PGlite the body arrives and the transaction starts within milliseconds; the save takes about a second.
    await untilWriting(300);
    await crash(server);
    expect(await save, 'the save was cut off before it answered').toBe('cut off');

    server = await startServerProcess(data);
    const after = await callServer<SurveyQuestions>(server, 'GET', surveyUrl);
    expect(after.status).toBe(200);
    expect([0, SAVED_QUESTIONS]).toContain(after.body.items.length);
    await expectUsableAfterRestart(survey.body.id);
    const stored = await inDatabase(async ({ db }) =>
      db.select({ value: count() }).from(questions).where(eq(questions.surveyId, survey.body.id)),
    );
    expect(stored[0]!.value).toBe(after.body.items.length + 1);
  }, 90_000);

  it('keeps a 10,000-row import whole or not at all, and leaves it ready to run again', async () => {
    data = await createServerData();
    server = await startServerProcess(data);
    const dataset = await callServer<Dataset>(server, 'POST', '/api/datasets', { name: 'Regjistri i ndërprerë' });
    const survey = await callServer<Survey>(server, 'POST', '/api/surveys', {
      descriptionXk: 'Anketa e importit',
      defaultDatasetId: dataset.body.id,
    });
    const question = await callServer(server, 'POST', `/api/surveys/${survey.body.id}/questions`, {
      questions: [
        {
          tempId: 'name',
          questionNr: '1',
          questionCategory: 'PARENT',
          questionType: 'TEXT',
          questionIdentifier: 'ASSET_NAME',
          titleXk: 'Emri i asetit',
        },
      ],
    });
    expect(question.status).toBe(200);
    const rows = Array.from({ length: IMPORTED_ROWS }, (_, index) => `Aseti ${index}`);
    const created = await callServer<Import>(
      server,
      'POST',
      `/api/imports?surveyId=${survey.body.id}&datasetId=${dataset.body.id}&fileName=regjistri.csv`,
      ['Emri i asetit', ...rows].join('\n'),
      IMPORT_CONTENT_TYPES.csv,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const importUrl = `/api/imports/${created.body.id}`;

    const run = await callServer<Import>(server, 'POST', `${importUrl}/run`, {
      mapping: created.body.suggestedMapping,
    });
    expect(run.status).toBe(202);
    expect(run.body.state).toBe('running');
    // The run takes several seconds. Polling its progress meanwhile would not help on PGlite: its
    // one connection is the import's until the transaction ends, so other queries wait for it.
    await untilWriting(1000);
    await crash(server);

    server = await startServerProcess(data);
    const after = (await callServer<Import>(server, 'GET', importUrl)).body;
    expect(['ready', 'imported']).toContain(after.state);
    await expectUsableAfterRestart(survey.body.id);
    const imported = await inDatabase(async ({ db }) =>
      db.select({ value: count() }).from(assets).where(eq(assets.datasetId, dataset.body.id)),
    );
    expect(imported[0]!.value).toBe(after.state === 'imported' ? IMPORTED_ROWS : 0);
  }, 90_000);
  it('keeps every submission it acknowledged under a 50-connection load, whole and once, and answers its resend with the same asset', async () => {
    data = await createServerData();
    server = await startServerProcess(data);
    const { datasetId, surveyId, questionIds } = await collectedSurvey(server);
    const collector = await collectorHeaders(server);

    const sent = new Map<string, FilledIn>();
    const acknowledged = new Map<string, string>();
    const cutOff: FilledIn[] = [];
    /** Answers other than 201 before the kill, counted by status and message. */
    const refused: Record<string, number> = {};
    let submitted = 0;
    let stopping = false;
    const loaded = server;
    // Each connection submits one filled-in survey after another, as many devices syncing at once.
    const connection = async () => {
      while (!stopping) {
        const body = filledIn(surveyId, questionIds, submitted++);
        sent.set(body.uniqueId, body);
        try {
          const answer = await submit(loaded, collector, body);
          if (answer.status === 201) acknowledged.set(body.uniqueId, answer.body.id);
          else {
            const reason = `${answer.status} ${answer.body.message}`;
            refused[reason] = (refused[reason] ?? 0) + 1;
          }
        } catch {
          // The kill cut it off: sent, but the device never heard whether it landed.
          cutOff.push(body);
          return;
        }
      }
    };
    const load = Array.from({ length: CONNECTIONS }, connection);
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    while (elapsed() < MAX_LOAD_MS && (elapsed() < LOAD_MS || acknowledged.size < CONNECTIONS)) await pause(50);
    stopping = true;
    await crash(server);
    await Promise.all(load);
    expect(refused, 'answers other than 201 under load').toEqual({});
    expect(acknowledged.size, 'submissions acknowledged before the kill').toBeGreaterThan(0);
    expect(cutOff.length, 'submissions in flight at the kill').toBeGreaterThan(0);

    server = await startServerProcess(data);
    for (const [uniqueId, assetId] of [...acknowledged].slice(0, RESENT_ACKNOWLEDGED)) {
      const resend = await submit(server, collector, sent.get(uniqueId)!);
      expect(resend.status, `a resend of an acknowledged submission: ${JSON.stringify(resend.body)}`).toBe(200);
      expect(resend.body.id).toBe(assetId);
    }
    // Devices send again what was cut off: whether or not it landed before the kill, it lands once.
    const retried = new Map<string, string>();
    for (const body of cutOff) {
      const retry = await submit(server, collector, body);
      expect([200, 201], `a retry after the restart: ${JSON.stringify(retry.body)}`).toContain(retry.status);
      retried.set(body.uniqueId, retry.body.id);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = undefined;

    await inDatabase(async ({ db }) => {
      const stored = await db
        .select({ id: assets.id, uniqueId: assets.uniqueId })
        .from(assets)
        .where(eq(assets.datasetId, datasetId));
      const assetIds = stored.map((asset) => asset.id);
      const storedAnswers = await db
        .select({ assetId: answers.assetId, questionId: answers.questionId, value: answers.value })
        .from(answers)
        .where(inArray(answers.assetId, assetIds));
      const submits = await db
        .select({ subjectId: auditLog.subjectId })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'asset.submit'), inArray(auditLog.subjectId, assetIds)));

      const assetOf = new Map(stored.map((asset) => [asset.uniqueId, asset.id]));
      expect(assetOf.size, 'no uniqueId stored twice').toBe(stored.length);
      for (const [uniqueId, assetId] of [...acknowledged, ...retried]) {
        expect(assetOf.get(uniqueId), `the asset acknowledged for ${uniqueId}`).toBe(assetId);
      }
      const answersOf = groupBy(storedAnswers, (answer) => answer.assetId);
      const submitsOf = groupBy(submits, (entry) => entry.subjectId);
      for (const { id, uniqueId } of stored) {
        // Acknowledged or not, a submission is stored whole: every answer it sent, once, and its audit entry.
        expect(sent.has(uniqueId), `asset ${id} was sent by this test`).toBe(true);
        const expected = sent.get(uniqueId)!.answers.map(answerKey).sort();
        expect((answersOf.get(id) ?? []).map(answerKey).sort(), `the answers of ${uniqueId}`).toEqual(expected);
        expect(submitsOf.get(id) ?? [], `the audit entries of ${uniqueId}`).toHaveLength(1);
      }
    });
  }, 90_000);
});
