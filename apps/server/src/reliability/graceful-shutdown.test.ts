import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SurveyQuestions, UpsertQuestionsResult } from '@trashegimia/contract/questions';
import type { Survey } from '@trashegimia/contract/surveys';
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

/** Whether a new TCP connection to the server's port is refused. */
function refusesConnections(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * Sends a JSON POST as the administrator with all of its body but the last byte: the server has the
 * request (and logs it) but cannot finish it until `finish` sends that byte, so the request is
 * in flight for as long as the test needs, however fast the machine.
 */
function startPost<Body>(server: ServerProcess, url: string, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const outgoing = request(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { ...server.admin, 'content-type': 'application/json', 'content-length': bytes.length },
  });
  const answer = new Promise<{ status: number; body: Body }>((resolve, reject) => {
    outgoing.once('error', reject);
    outgoing.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) as Body }));
    });
  });
  outgoing.write(bytes.subarray(0, -1));
  return {
    finish: () => {
      outgoing.end(bytes.subarray(-1));
      return answer;
    },
  };
}

describe('stopping the server with SIGTERM', () => {
  it('finishes the save in flight, refuses new connections, closes the database and exits 0', async () => {
    data = await createServerData();
    server = await startServerProcess(data);
    const survey = await callServer<Survey>(server, 'POST', '/api/surveys', { descriptionXk: 'Anketa e madhe' });
    expect(survey.status, JSON.stringify(survey.body)).toBe(201);
    const surveyUrl = `/api/surveys/${survey.body.id}/questions`;

    const save = startPost<UpsertQuestionsResult>(server, surveyUrl, largeQuestionBatch(1000));
    await server.waitForOutput(new RegExp(`"url":"${surveyUrl}"`));
    server.child.kill('SIGTERM');
    await server.waitForOutput(/shutting down/);

    let refused = false;
    for (let attempt = 0; attempt < 100 && !refused; attempt++) {
      refused = await refusesConnections(server.baseUrl);
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused, 'new connections are refused once shutdown begins').toBe(true);

    const saved = await save.finish();
    expect(saved.status, 'the save that was in flight completes').toBe(200);
    expect(saved.body.mappings).toHaveLength(1000);
    const saveRequest = new RegExp(`"reqId":"([^"]+)"[^\\n]*"url":"${surveyUrl}"`).exec(server.output())![1];
    const completed = `"reqId":"${saveRequest}","res"`;
    // The log line follows the response by a moment.
    await server.waitForOutput(new RegExp(completed));
    expect(server.output().indexOf('shutting down'), 'the save was still running when shutdown began').toBeLessThan(
      server.output().indexOf(completed),
    );
    const exitCode = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    expect(exitCode, server.output().slice(-3000)).toBe(0);
    if (data.environment.DATABASE_URL === '') {
      expect(existsSync(path.join(data.dataDir, 'pgdata', 'trashegimia.lock')), 'the PGlite folder is unlocked').toBe(
        false,
      );
    }

    // A second start on the same data finds the saved survey whole.
    server = await startServerProcess(data);
    const questions = await callServer<SurveyQuestions>(server, 'GET', surveyUrl);
    expect(questions.status).toBe(200);
    expect(questions.body.items).toHaveLength(1000);
  }, 90_000);
});
