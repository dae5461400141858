import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { chmod, type FileHandle, mkdir, open, readdir, readFile, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type DatabaseHandle, type Executor, rowsOf } from '../db/client';

/**
 * A backup is a folder: `database.sql` (the rows of every table as plain INSERT statements and the
 * sequences' positions, written through the app's own connection, so it needs no pg_dump and reads
 * the same from PGlite and PostgreSQL), `blobs/` (a copy of the local blob folder) and
 * `manifest.json` (the migrations the data belongs to and each table's row count).
 *
 * It holds every password hash, unpublished submission and the audit log, so only its owner may
 * read it: folders 0700 and files 0600, whatever the umask (see PRIVATE).
 */
export const BACKUP_FILES = { database: 'database.sql', blobs: 'blobs', manifest: 'manifest.json' } as const;

export type BackupManifest = {
  format: 'trashegimia-backup';
  version: 1;
  createdAt: string;
  /** Hashes of the applied migrations, oldest first: a backup restores into this schema only. */
  migrations: string[];
  rows: Record<string, number>;
};

/** A backup or restore that cannot go ahead; the message says why, for the person running it. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Rows fetched from the cursor at a time, and rows per INSERT statement. */
const ROWS_PER_STATEMENT = 500;
/** Statements are sent to the database in batches of about this many characters. */
const RESTORE_BATCH_CHARS = 4 * 1024 * 1024;

/** Settings under which values print and parse the same on both sides (exact floats, ISO dates). */
const STABLE_TEXT_SETTINGS = ['DateStyle = ISO', 'IntervalStyle = postgres', 'extra_float_digits = 3'];

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Table = { name: string; columns: string[]; orderBy: string[] };

/**
 * The modes of folders and files a backup or restore creates; `exact` sets them whatever the umask.
 * A backup's are its owner's alone; a restore's blobs get what the umask allows, as the blob store's own.
 */
type Modes = { folder: number; file: number; exact: boolean };
const PRIVATE: Modes = { folder: 0o700, file: 0o600, exact: true };
const ORDINARY: Modes = { folder: 0o777, file: 0o666, exact: false };

/** Writes the backup folder (which must not exist or be empty) from an open database and a blob folder. */
export async function backUp(database: DatabaseHandle, blobFolder: string, folder: string): Promise<BackupManifest> {
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new BackupError(`The backup folder ${folder} is not empty: choose a new folder.`);
  }
  await mkdir(path.dirname(folder), { recursive: true });
  await makeFolder(folder, PRIVATE);
  const rows: Record<string, number> = {};
  const out = (await createFile(path.join(folder, BACKUP_FILES.database), PRIVATE)).createWriteStream({
    encoding: 'utf8',
  });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };

  // One snapshot for every table, so the backup is consistent even while the server keeps writing.
  const migrations = await database.db
    .transaction(
      async (tx) => {
        for (const setting of STABLE_TEXT_SETTINGS) await tx.execute(sql.raw(`set local ${setting}`));
        await write('-- Trashegimia backup: data only, for an empty database migrated as manifest.json says.\n');
        // Rows go in as they were: triggers would count twice what the asset counts already hold, and
        // foreign keys are whole in the snapshot though tables load one after another.
        await write('SET session_replication_role = replica;\n');
        for (const setting of STABLE_TEXT_SETTINGS) await write(`SET ${setting};\n`);
        for (const table of await listTables(tx)) rows[table.name] = await dumpTable(tx, table, write);
        for (const line of await sequencePositions(tx)) await write(line);
        return appliedMigrations(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .catch((error: unknown) => {
      out.destroy();
      throw error;
    });
  out.end();
  await once(out, 'finish');

  if (existsSync(blobFolder)) await copyTree(blobFolder, path.join(folder, BACKUP_FILES.blobs), PRIVATE);
  else await makeFolder(path.join(folder, BACKUP_FILES.blobs), PRIVATE);
  const manifest: BackupManifest = {
    format: 'trashegimia-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    migrations,
    rows,
  };
  const manifestFile = await createFile(path.join(folder, BACKUP_FILES.manifest), PRIVATE);
  try {
    await manifestFile.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await manifestFile.close();
  }
  return manifest;
}

/**
 * Loads a backup folder into a migrated database that holds no rows and a blob folder that holds
 * no files, all rows in one transaction. Refuses anything else rather than mixing two installs.
 */
export async function restore(database: DatabaseHandle, blobFolder: string, folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  const current = await appliedMigrations(database.db);
  if (current.join() !== manifest.migrations.join()) {
    throw new BackupError(
      `The backup was made by a different version of Trashëgimia (${manifest.migrations.length} migrations, ` +
        `this database has ${current.length}): restore it with the version that made it.`,
    );
  }
  for (const table of await listTables(database.db)) {
    const [row] = rowsOf<{ found: boolean }>(
      await database.db.execute(sql.raw(`select exists (select from ${quoteIdentifier(table.name)}) as found`)),
    );
    if (row?.found) {
      throw new BackupError(
        `The database is not empty (table ${table.name} has rows): restore only into a new, empty database.`,
      );
    }
  }
  if (existsSync(blobFolder) && readdirSync(blobFolder).length > 0) {
    throw new BackupError(`The blob folder ${blobFolder} is not empty: restore only into an empty one.`);
  }

  await inRawTransaction(database, async (execute) => {
    for await (const batch of statementBatches(path.join(folder, BACKUP_FILES.database))) await execute(batch);
  });
  await mkdir(path.dirname(blobFolder), { recursive: true });
  await copyTree(path.join(folder, BACKUP_FILES.blobs), blobFolder, ORDINARY);
  return manifest;
}

/**
 * Makes the folder with the given mode (or takes an empty one that exists). The umask may take
 * bits from a mode given at creation, so an exact one is set again while the folder is still empty.
 */
async function makeFolder(folder: string, modes: Modes) {
  try {
    await mkdir(folder, { mode: modes.folder });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (modes.exact) await chmod(folder, modes.folder);
}

/**
 * A new file, open for writing, created with the given mode, so it is never more open than that; an
 * exact mode is set again before anything is written (the umask may have taken the owner's bits).
 */
async function createFile(file: string, modes: Modes): Promise<FileHandle> {
  const handle = await open(file, 'wx', modes.file);
  if (modes.exact) {
    await handle.chmod(modes.file).catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
  }
  return handle;
}

/** Copies a folder's files and subfolders (following links) into a new or empty folder, with the given modes. */
async function copyTree(from: string, to: string, modes: Modes) {
  await makeFolder(to, modes);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    const isFolder = entry.isSymbolicLink() ? (await stat(source)).isDirectory() : entry.isDirectory();
    if (isFolder) {
      await copyTree(source, target, modes);
    } else {
      const handle = await createFile(target, modes);
      await pipeline(createReadStream(source), handle.createWriteStream());
    }
  }
}

async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, BACKUP_FILES.manifest);
  if (!existsSync(file) || !existsSync(path.join(folder, BACKUP_FILES.database))) {
    throw new BackupError(`${folder} is not a backup: it lacks ${BACKUP_FILES.manifest} or ${BACKUP_FILES.database}.`);
  }
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'trashegimia-backup' || manifest.version !== 1) {
    throw new BackupError(`${folder} is not a backup this version can read.`);
  }
  return manifest;
}

/** Every table of the app's schema with the columns a row is written with, ordered by primary key. */
async function listTables(db: Executor): Promise<Table[]> {
  const columns = rowsOf<{ table_name: string; column_name: string; in_key: boolean }>(
    await db.execute(sql`
      select c.table_name, c.column_name,
        exists (
          select from information_schema.key_column_usage k
          join information_schema.table_constraints t using (constraint_schema, constraint_name)
          where t.constraint_type = 'PRIMARY KEY' and k.table_schema = c.table_schema
            and k.table_name = c.table_name and k.column_name = c.column_name
        ) as in_key
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`),
  );
  const tables = new Map<string, Table>();
  for (const column of columns) {
    let table = tables.get(column.table_name);
    if (!table) tables.set(column.table_name, (table = { name: column.table_name, columns: [], orderBy: [] }));
    table.columns.push(column.column_name);
    if (column.in_key) table.orderBy.push(column.column_name);
  }
  return [...tables.values()].map((table) => ({
    ...table,
    orderBy: table.orderBy.length > 0 ? table.orderBy : table.columns,
  }));
}

/** Writes the table's rows as INSERT statements; answers how many. */
async function dumpTable(db: Executor, table: Table, write: (text: string) => Promise<void>) {
  const columnList = table.columns.map(quoteIdentifier).join(', ');
  // The database writes each value as an SQL literal itself, so every type round-trips exactly.
  const literal = table.columns.map((column) => `quote_nullable(${quoteIdentifier(column)})`).join(` || ', ' || `);
  const cursor = sql.raw(quoteIdentifier(`dump_${table.name}`));
  await db.execute(
    sql`declare ${cursor} no scroll cursor for select '(' || ${sql.raw(literal)} || ')' as "row"
      from ${sql.raw(quoteIdentifier(table.name))} order by ${sql.raw(table.orderBy.map(quoteIdentifier).join(', '))}`,
  );
  let total = 0;
  for (;;) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(sql`fetch ${sql.raw(String(ROWS_PER_STATEMENT))} from ${cursor}`),
    );
    if (rows.length === 0) break;
    total += rows.length;
    await write(
      `INSERT INTO ${quoteIdentifier(table.name)} (${columnList}) OVERRIDING SYSTEM VALUE VALUES\n` +
        `${rows.map(({ row }) => row).join(',\n')};\n`,
    );
  }
  await db.execute(sql`close ${cursor}`);
  return total;
}

/** setval statements that put every used sequence where it was, so new rows get fresh ids. */
async function sequencePositions(db: Executor) {
  const sequences = rowsOf<{ name: string; last_value: string | null }>(
    await db.execute(sql`
      select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last_value
      from pg_sequences where schemaname = 'public' order by sequencename`),
  );
  return sequences
    .filter((sequence) => sequence.last_value !== null)
    .map((sequence) => `SELECT setval('${sequence.name.replaceAll("'", "''")}', ${sequence.last_value}, true);\n`);
}

async function appliedMigrations(db: Executor): Promise<string[]> {
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at, id`),
  );
  return rows.map((row) => row.hash);
}

/**
 * The dump's statements in batches, read as a stream. A statement ends at `;` and a line break
 * outside a quoted literal; quote_nullable writes quotes inside literals doubled, so counting
 * quotes is enough to know where literals are.
 */
async function* statementBatches(file: string): AsyncGenerator<string> {
  let batch = '';
  let statementStart = 0;
  let inLiteral = false;
  let previous = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1024 * 1024 })) {
    const text = chunk as string;
    const offset = batch.length;
    batch += text;
    for (let index = 0; index < text.length; index++) {
      const character = text[index]!;
      if (character === "'") inLiteral = !inLiteral;
      else if (character === '\n' && !inLiteral && previous === ';') statementStart = offset + index + 1;
      previous = character;
    }
    if (statementStart >= RESTORE_BATCH_CHARS) {
      yield batch.slice(0, statementStart);
      batch = batch.slice(statementStart);
      statementStart = 0;
    }
  }
  if (batch.trim() !== '') yield batch;
}

/** Runs raw multi-statement SQL in one transaction, on one connection of the pool. */
async function inRawTransaction(
  database: DatabaseHandle,
  work: (execute: (text: string) => Promise<void>) => Promise<void>,
) {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  try {
    await connection.query('begin');
    await work(async (text) => void (await connection.query(text)));
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}
