import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dataset } from '@trashegimia/contract/datasets';
import { type Import, IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import type { SurveyQuestions } from '@trashegimia/contract/questions';
import type { Survey } from '@trashegimia/contract/surveys';
import { assets, questions } from '../db/schema/index';
import {
  callServer,
  createServerData,
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
});
