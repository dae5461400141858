import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

const SERVER_FOLDER = fileURLToPath(new URL('../..', import.meta.url));

let dataDir: string;
let holder: ChildProcess | undefined;
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const newDataDir = () => (dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-lock-')));

/** Another process that takes the folder's lock as a server does, and keeps it until it ends. */
async function processHoldingTheLock(folder: string): Promise<ChildProcess> {
  const code = `
    import { lockDataDir } from './src/db/data-dir-lock.ts';
    lockDataDir(${JSON.stringify(folder)});
    console.log('locked');
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', code], {
    cwd: SERVER_FOLDER,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  holder = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('locked')) resolve();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', () => reject(new Error(`the lock holder ended early:\n${output}`)));
  });
  return child;
}

/** The process's state letter from /proc (Z: dead, not yet reaped), or null where there is no /proc. */
function processState(pid: number): string | null {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** How many threads of the process are left. */
const threadCount = (pid: number) => readdirSync(`/proc/${pid}/task`).length;

/**
 * Waits until every thread of the process has ended, without letting the event loop turn, so Node
 * cannot reap it: it stays a zombie, as a server killed in a container stays until its parent gets
 * round to it.
 */
function waitUntilDeadButNotReaped(pid: number) {
  const deadline = Date.now() + 10_000;
  while (processState(pid) !== 'Z' || threadCount(pid) > 1) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not die (state ${processState(pid)})`);
  }
}

describe.runIf(process.env.TEST_DB_DRIVER !== 'pg')('the embedded database folder', () => {
  it('refuses a second server on the same folder while the first runs, naming its process', async () => {
    const other = await processHoldingTheLock(newDataDir());
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      new RegExp(`is in use by another server \\(process ${other.pid}\\)\\. Stop that server first`),
    );
  });

  it.runIf(process.platform === 'linux')(
    'starts at once after the server before it was killed with kill -9, before that process is even reaped',
    async () => {
      const killed = await processHoldingTheLock(newDataDir());
      killed.kill('SIGKILL');
      waitUntilDeadButNotReaped(killed.pid!);

      const release = lockDataDir(dataDir);
      // Still a zombie: its PID answers as a live process would, yet the folder is free.
      expect(processState(killed.pid!)).toBe('Z');
      release();
      const database = await openDatabase({ dataDir });
      expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
      await database.close();
      expect(existsSync(path.join(dataDir, LOCK_FILE)), 'the lock file is removed on close').toBe(false);
    },
  );

  it('starts although the lock file left by a crash names a PID that a live, unrelated process now has', () => {
    newDataDir();
    // Our parent process stands in for whatever process got the crashed server's PID after a restart.
    writeFileSync(path.join(dataDir, LOCK_FILE), String(process.ppid));
    const release = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('refuses a second database on the folder in the same process until the first is closed', () => {
    newDataDir();
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/is in use by another server/);
    release();
    lockDataDir(dataDir)();
  });
});
