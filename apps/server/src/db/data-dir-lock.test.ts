import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe.runIf(process.env.TEST_DB_DRIVER !== 'pg')('the embedded database folder', () => {
  it('refuses a second server on the same folder, which would corrupt it', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-lock-'));
    // Our parent process stands in for another server that is still running.
    writeFileSync(path.join(dataDir, 'trashegimia.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another server/);
  });

  it('takes over a lock left behind by a server that crashed, and frees it on close', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-lock-'));
    writeFileSync(path.join(dataDir, 'trashegimia.lock'), '2147483646');
    const database = await openDatabase({ dataDir });
    await database.close();
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  });
});
