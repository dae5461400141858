import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataset, createUser } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle, Executor } from './client';
import { LISTENER_APPLICATION_NAME, cachedRead } from './read-cache';
import { datasets } from './schema/index';

/**
 * Reads kept in memory until a table they read changes: a visitor must never see a dataset as it
 * was before a change the server has reported done, nor one another server instance changed a
 * moment ago; and a change that touched nothing must not empty the cache.
 */
let database: DatabaseHandle;
let datasetId: number;
const onServer = process.env.TEST_DB_DRIVER === 'pg';

beforeAll(async () => {
  database = await openTestDatabase();
  datasetId = (await createDataset(database.db, { name: 'Kulla' })).id;
  await until(async () => (await cachedName(database.db)).fromDatabase === false);
});
afterAll(() => database?.close());

let reads = 0;

/** The dataset's name through the cache, and whether this call read the database. */
async function cachedName(db: Executor) {
  const before = reads;
  const name = await cachedRead(db, 'test_dataset_name', String(datasetId), [datasets], async () => {
    reads++;
    const [row] = await db.select({ name: datasets.name }).from(datasets).where(eq(datasets.id, datasetId));
    return row?.name;
  });
  return { name, fromDatabase: reads > before };
}

async function until(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Longer than a notification takes to reach every listening connection, even on a busy machine. */
const ECHO_SETTLE_MS = 500;

const rename = (db: Executor, name: string) => db.update(datasets).set({ name }).where(eq(datasets.id, datasetId));

describe('cachedRead', () => {
  it('answers from memory until the table changes, and shows a change as soon as it is made', async () => {
    await cachedName(database.db);
    expect(await cachedName(database.db)).toEqual({ name: 'Kulla', fromDatabase: false });

    await rename(database.db, 'Ura');
    expect(await cachedName(database.db)).toEqual({ name: 'Ura', fromDatabase: true });

    await database.db.transaction(async (tx) => rename(tx, 'Hamami'));
    expect(await cachedName(database.db)).toEqual({ name: 'Hamami', fromDatabase: true });
  });

  it('keeps its answers when a statement changed no row or another table changed', async () => {
    // The last test's change also reaches the other listening connections, each a moment after it
    // took effect (longer on a busy machine): wait until the cached answer outlasts those echoes.
    await until(async () => {
      if ((await cachedName(database.db)).fromDatabase) return false;
      await new Promise((resolve) => setTimeout(resolve, ECHO_SETTLE_MS));
      return !(await cachedName(database.db)).fromDatabase;
    });
    await database.db.update(datasets).set({ name: 'x' }).where(eq(datasets.id, -1));
    await createUser(database.db);
    await database.db.execute(sql`select 1`);
    expect((await cachedName(database.db)).fromDatabase).toBe(false);
  });

  it('reads anew inside a transaction, which sees its own changes', async () => {
    await database.db
      .transaction(async (tx) => {
        await rename(tx, 'Mulliri');
        expect(await cachedName(tx)).toEqual({ name: 'Mulliri', fromDatabase: true });
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await cachedName(database.db)).name).not.toBe('Mulliri');
  });
});

describe.runIf(onServer)('cachedRead with other instances on the server', () => {
  const otherInstance = () =>
    new pg.Client({
      connectionString: (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString,
    });

  it('hears a change another instance made, a moment later', async () => {
    await cachedName(database.db);
    const other = otherInstance();
    await other.connect();
    try {
      await other.query('update datasets set name = $1 where id = $2', ['Kalaja', datasetId]);
    } finally {
      await other.end();
    }
    await until(async () => (await cachedName(database.db)).name === 'Kalaja', 2_000);
  });

  it('reads from the database while its listening connection is lost, and caches again once it is back', async () => {
    await cachedName(database.db);
    const other = otherInstance();
    await other.connect();
    try {
      await other.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      await until(async () => (await cachedName(database.db)).fromDatabase);
      await until(async () => !(await cachedName(database.db)).fromDatabase);
    } finally {
      await other.end();
    }
  });
});
