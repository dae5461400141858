import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase } from '../test/test-database';
import { applyMigrations, type DatabaseHandle, rowsOf } from './client';

/** What a first start does, on the driver this project runs. */
describe('migrations', () => {
  let database: DatabaseHandle;
  // Both drivers answer raw SQL with `{ rows }`; the shared Database type does not say so.
  const rows = async <Row>(query: SQL) => rowsOf<Row>(await database.db.execute(query));

  beforeAll(async () => {
    database = await openEmptyDatabase();
  });
  afterAll(() => database?.close());

  it('create every table on an empty database', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((table) => table.table_name)).toEqual([
      'access_requests',
      'answers',
      'asset_answer_tuples',
      'asset_count_changes',
      'asset_count_totals',
      'asset_counts',
      'assets',
      'audit_log',
      'datasets',
      'devices',
      'guidelines',
      'imports',
      'media',
      'question_groups',
      'question_library',
      'question_options',
      'questions',
      'rate_limit_counters',
      'recent_asset_views',
      'revoked_tokens',
      'surveys',
      'used_captchas',
      'users',
    ]);
  });

  it('change nothing when applied again, as on every restart', async () => {
    const applied = () => rows<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations order by id`);
    const before = await applied();
    await applyMigrations(database);
    expect(await applied()).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});
