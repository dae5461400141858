import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ScratchDatabase, createScratchDatabase } from '../db/scratch-database';

/**
 * The commands as an operator runs them: a process of their own, configured by the environment,
 * telling what they did on stdout (JSON lines, as it is not a terminal) and failing with exit code 1.
 */
const onServer = process.env.TEST_DB_DRIVER === 'pg';
const commandLine = fileURLToPath(new URL('./main.ts', import.meta.url));
let folder: string;
let scratch: ScratchDatabase | undefined;

/** A migrated database where the commands find it: DATA_DIR/pgdata, or DATABASE_URL. */
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'trashegimia-cli-'));
  if (onServer) {
    const template = inject('pgTemplateDatabase');
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, { prefix: 'test_cli', template });
  } else {
    const template = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    await (await PGlite.create(path.join(folder, 'pgdata'), { loadDataDir: template })).close();
  }
});

afterAll(async () => {
  await scratch?.drop();
  await rm(folder, { recursive: true, force: true });
});

type Outcome = { exitCode: number | null; lines: { level: number; msg: string }[] };

function run(args: string[], stdin = ''): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', commandLine, ...args], {
    env: {
      PATH: process.env.PATH,
      INIT_CWD: folder,
      DATA_DIR: folder,
      ...(scratch && { DATABASE_URL: scratch.url }),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(stdin);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) =>
      resolve({
        exitCode,
        lines: output
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      }),
    );
  });
}

const messages = (outcome: Outcome) => outcome.lines.map((line) => line.msg);

describe('the commands, run as an operator runs them', { timeout: 120_000 }, () => {
  it('migrate: says which migrations it applied (none here) and that the schema is up to date', async () => {
    const outcome = await run(['migrate']);
    expect(outcome.exitCode).toBe(0);
    expect(messages(outcome)).toEqual(['database schema already up to date', 'The database schema is up to date.']);
  });

  it('create-admin: makes the account with the piped password', async () => {
    const created = await run(['create-admin', 'Mirela'], 'ura-e-gurit-te-vjeter\n');
    expect(created.exitCode).toBe(0);
    expect(messages(created).at(-1)).toBe('Administrator "Mirela" created, with the password from standard input.');
  });

  it('reset-password: shows a generated password once, and refuses an unknown account with exit code 1', async () => {
    const reset = await run(['reset-password', 'Mirela']);
    expect(reset.exitCode).toBe(0);
    expect(messages(reset).at(-1)).toMatch(/^New password of "Mirela", shown only this once: [A-Za-z0-9]{24} /);

    const unknown = await run(['reset-password', 'Nobody']);
    expect(unknown.exitCode).toBe(1);
    expect(messages(unknown).at(-1)).toBe('No account is named "Nobody".');
  });

  it('says how to call it when an argument is missing or the command unknown', async () => {
    const missing = await run(['reset-password']);
    expect(missing.exitCode).toBe(1);
    expect(messages(missing).at(-1)).toBe('Usage: npm run reset-password -- <user name>');

    const unknown = await run(['frobnicate']);
    expect(unknown.exitCode).toBe(1);
    expect(messages(unknown)).toEqual([
      'No command "frobnicate"; the commands are backup, restore, migrate, reset-password, create-admin',
    ]);
  });
});
