import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../db/client';
import { seedDatabase } from '../db/seed/seed';
import { LocalBlobStore } from '../storage/local-blob-store';
import { openEmptyDatabase } from '../test/test-database';
import { type BackupManifest, backUp, restore } from './backup';

let source: DatabaseHandle;
let target: DatabaseHandle;
let folder: string;
const sourceBlobs = () => path.join(folder, 'source-blobs');
const targetBlobs = () => path.join(folder, 'target-blobs');
const backupFolder = () => path.join(folder, 'backup');

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'trashegimia-backup-'));
  [source, target] = await Promise.all([openEmptyDatabase(), openEmptyDatabase()]);
  await seedDatabase(source.db, {
    adminUserName: 'admin',
    adminPassword: 'backup-test-password',
    demo: true,
    blobs: new LocalBlobStore(sourceBlobs(), 'backup-test-secret'),
    log: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  await rm(folder, { recursive: true, force: true });
});

/** Every table's rows (ordered by their whole text, so ties cannot differ) and every sequence's position. */
async function everything(database: DatabaseHandle) {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const contents: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    contents[name] = rowsOf(await database.db.execute(sql.raw(`select * from "${name}" as row order by row::text`)));
  }
  contents['sequences'] = rowsOf(
    await database.db.execute(sql`select sequencename, last_value from pg_sequences order by 1`),
  );
  return contents;
}

/** Every file under the folder, by relative path, with its bytes. */
function filesIn(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full), readFileSync(full));
  }
  return files;
}

describe('npm run backup and npm run restore', () => {
  it('round-trip the demo data and its files exactly', async () => {
    const manifest = await backUp(source, sourceBlobs(), backupFolder());
    expect(manifest.rows['assets']).toBeGreaterThan(0);
    await restore(target, targetBlobs(), backupFolder());

    const [before, after] = await Promise.all([everything(source), everything(target)]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

    const [original, restored] = [filesIn(sourceBlobs()), filesIn(targetBlobs())];
    expect(original.size).toBeGreaterThan(0);
    expect([...restored.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [file, bytes] of original) expect(restored.get(file)!.equals(bytes), file).toBe(true);
  });

  it('refuses to restore into a database that already holds data', async () => {
    const emptyBlobs = path.join(folder, 'unused-blobs');
    await expect(restore(source, emptyBlobs, backupFolder())).rejects.toThrow(
      /The database is not empty \(table \w+ has rows\): restore only into a new, empty database\./,
    );
  });

  it('refuses a backup made by another version of the schema, before touching anything', async () => {
    const older = path.join(folder, 'older-backup');
    await cp(backupFolder(), older, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(older, 'manifest.json'), 'utf8')) as BackupManifest;
    await writeFile(
      path.join(older, 'manifest.json'),
      JSON.stringify({ ...manifest, migrations: manifest.migrations.slice(0, -1) }),
    );
    const fresh = await openEmptyDatabase();
    try {
      await expect(restore(fresh, path.join(folder, 'older-blobs'), older)).rejects.toThrow(
        /made by a different version of Trashëgimia/,
      );
    } finally {
      await fresh.close();
    }
  });

  it('writes a backup only its owner can read (folders 0700, files 0600), even under a umask that lets anyone read', async () => {
    const privateBackup = path.join(folder, 'private', 'backup');
    const umask = process.umask(0);
    try {
      await backUp(source, sourceBlobs(), privateBackup);
    } finally {
      process.umask(umask);
    }
    const modes: Record<string, string> = {};
    const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);
    modes['.'] = modeOf(privateBackup);
    for (const entry of readdirSync(privateBackup, { recursive: true, encoding: 'utf8' })) {
      modes[entry] = modeOf(path.join(privateBackup, entry));
    }
    expect(Object.keys(modes)).toEqual(expect.arrayContaining(['database.sql', 'manifest.json', 'blobs']));
    expect(Object.keys(modes).filter((entry) => entry.startsWith('blobs/')).length).toBeGreaterThan(0);
    const expected = Object.fromEntries(
      Object.keys(modes).map((entry) => [
        entry,
        statSync(path.join(privateBackup, entry)).isDirectory() ? '700' : '600',
      ]),
    );
    expect(modes).toEqual(expected);
  });

  it('refuses to write a backup over an earlier one', async () => {
    await expect(backUp(source, sourceBlobs(), backupFolder())).rejects.toThrow(/is not empty: choose a new folder/);
  });
});
