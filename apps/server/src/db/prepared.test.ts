import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataset } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle, Executor } from './client';
import { Bindings, runPrepared } from './prepared';
import { datasets } from './schema/index';

/**
 * Statements prepared once per shape: a shape that did not name what the SQL depends on would
 * serve one caller's statement to another (an administrator's list to a visitor), and values that
 * stuck to a statement would show every visitor the first one's page.
 */
let database: DatabaseHandle;
let first: number;
let second: number;

beforeAll(async () => {
  database = await openTestDatabase();
  first = (await createDataset(database.db, { name: 'Kulla' })).id;
  second = (await createDataset(database.db, { name: 'Ura' })).id;
});
afterAll(() => database?.close());

function datasetName(db: Executor, id: number, builds: { count: number }) {
  return runPrepared(
    db,
    'test_dataset_name',
    '',
    () => {
      builds.count++;
      return db
        .select({ name: datasets.name })
        .from(datasets)
        .where(eq(datasets.id, sql.placeholder('id')));
    },
    { id },
  );
}

describe('runPrepared', () => {
  it('builds a shape once and answers each call with its own values', async () => {
    const builds = { count: 0 };
    expect(await datasetName(database.db, first, builds)).toEqual([{ name: 'Kulla' }]);
    expect(await datasetName(database.db, second, builds)).toEqual([{ name: 'Ura' }]);
    expect(await datasetName(database.db, first, builds)).toEqual([{ name: 'Kulla' }]);
    expect(builds.count).toBe(1);
  });

  it('gives each shape its own statement', async () => {
    const db = database.db;
    const find = (by: 'name' | 'id', value: string | number) =>
      runPrepared(
        db,
        'test_by_shape',
        by,
        () =>
          db
            .select({ id: datasets.id })
            .from(datasets)
            .where(
              by === 'name' ? eq(datasets.name, sql.placeholder('value')) : eq(datasets.id, sql.placeholder('value')),
            ),
        { value },
      );
    expect(await find('name', 'Ura')).toEqual([{ id: second }]);
    expect(await find('id', first)).toEqual([{ id: first }]);
  });

  it('builds inside a transaction every time, leaving nothing prepared on its connection', async () => {
    const builds = { count: 0 };
    await database.db.transaction(async (tx) => {
      expect(await datasetName(tx, first, builds)).toEqual([{ name: 'Kulla' }]);
      expect(await datasetName(tx, second, builds)).toEqual([{ name: 'Ura' }]);
    });
    expect(builds.count).toBe(2);
  });
});

describe('Bindings', () => {
  it('records values under their names, dates as ISO text, and the names in order', () => {
    const bindings = new Bindings();
    bindings.bind('datasetId', 7);
    bindings.bind('dateFrom', new Date('2024-05-01T00:00:00Z'));
    bindings.bind('datasetId', 7);
    expect(bindings.values).toEqual({ datasetId: 7, dateFrom: '2024-05-01T00:00:00.000Z' });
    expect(bindings.names).toBe('datasetId,dateFrom');
  });

  it('refuses one name with two values', () => {
    const bindings = new Bindings();
    bindings.bind('datasetId', 7);
    expect(() => bindings.bind('datasetId', 8)).toThrow(/datasetId/);
  });
});
