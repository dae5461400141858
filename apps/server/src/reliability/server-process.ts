import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../db/client';
import { createScratchDatabase } from '../db/scratch-database';
import { ROLE, type Role } from '@trashegimia/contract/common';
import { TokenService } from '../modules/auth/tokens';

const SERVER_FOLDER = fileURLToPath(new URL('../..', import.meta.url));
const JWT_SECRET = 'reliability-test-secret-of-at-least-32-characters';
const tokens = new TokenService(JWT_SECRET, 3600);

/** Headers of an account in the server's database, as its login would give them, without a captcha round trip. */
export async function headersOf(userId: number, role: Role): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await tokens.sign({ guest: false, userId, role })}` };
}

/**
 * Where a server process keeps its data between runs: a temporary DATA_DIR (the embedded PGlite
 * in it, or blobs only) and, on the PostgreSQL project, a scratch database copied from the migrated template.
 */
export type ServerData = {
  dataDir: string;
  target: DatabaseTarget;
  environment: Record<string, string>;
  /** Opens the database directly, as the server would (only while no server runs on a PGlite folder). */
  open: () => Promise<DatabaseHandle>;
  remove: () => Promise<void>;
};

export async function createServerData(): Promise<ServerData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-process-'));
  const scratch =
    process.env.TEST_DB_DRIVER === 'pg'
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, {
          prefix: 'process',
          template: inject('pgTemplateDatabase'),
        })
      : null;
  const target: DatabaseTarget = scratch ? { url: scratch.url } : { dataDir: path.join(dataDir, 'pgdata') };
  if ('dataDir' in target) {
    // The migrated template, written into the folder: a first start then has nothing to migrate.
    const template = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    await (await PGlite.create(target.dataDir, { loadDataDir: template })).close();
  }
  return {
    dataDir,
    target,
    // An empty DATABASE_URL counts as unset: PGlite in DATA_DIR.
    environment: { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' },
    open: () => openDatabase(target),
    remove: async () => {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the server has written to stdout and stderr so far. */
  output: () => string;
  /** Resolves once the output matches, e.g. a log line naming a request. */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Headers of the administrator the server seeds on its first start. */
  admin: Record<string, string>;
};

/**
 * The server as `npm start` runs it (src/main.ts, through tsx rather than the bundle, so tests
 * need no build) in its own process on a free port, logging every request at info level.
 */
export async function startServerProcess(data: ServerData): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_FOLDER,
    env: {
      ...process.env,
      ...data.environment,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET,
      ADMIN_PASSWORD: 'reliability-kalaja-e-prizrenit',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'true',
      WEB_DIST_DIR: path.join(data.dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForOutput = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        watchers.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (pattern.test(output)) done();
        else if (child.exitCode !== null || child.signalCode !== null)
          done(new Error(`the server ended before printing ${pattern}:\n${output}`));
      };
      const timer = setTimeout(() => done(new Error(`the server never printed ${pattern}:\n${output}`)), timeoutMs);
      watchers.add(check);
      void exited.then(check);
      check();
    });

  await waitForOutput(/is listening on http:\/\/\S+/);
  const port = /is listening on http:\/\/[^:]+:(\d+)/.exec(output)![1];
  // The seeded administrator is the database's first user.
  const admin = await headersOf(1, ROLE.ADMIN);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    waitForOutput,
    exited,
    admin,
  };
}

/** Sends a JSON request as the administrator; answers the status and the body, parsed as the contract's `Body`. */
export async function callServer<Body = unknown>(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: Body }> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...server.admin, ...(body !== undefined && { 'content-type': contentType }) },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Body };
}

/** One save of the survey editor large enough to take a while: `count` new top-level questions. */
export function largeQuestionBatch(count: number) {
  return {
    questions: Array.from({ length: count }, (_, index) => ({
      tempId: `q${index}`,
      questionNr: String(index + 1),
      questionParentId: null,
      questionCategory: 'PARENT',
      questionType: 'TEXT',
      titleXk: `Pyetja ${index + 1} ${'e gjatë '.repeat(40)}`,
      titleEn: `Question ${index + 1}`,
      titleSr: `Pitanje ${index + 1}`,
    })),
  };
}
