import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyMigrations, migrationsFolder, pendingMigrations } from '../db/client';
import { loggedLines } from '../test/log-lines';
import { openEmptyDatabase, openTestDatabase } from '../test/test-database';

/** npm run migrate opens the database, which applies the migrations it has not seen and says which. */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const everyMigration = journal.entries.map((entry) => entry.tag);

describe('npm run migrate', () => {
  it(
    'applies every migration to an empty database, naming them, and none the second time',
    { timeout: 120_000 },
    async () => {
      const { logger, lines } = loggedLines();
      const database = await openEmptyDatabase(logger);
      try {
        expect(lines).toContainEqual(
          expect.objectContaining({
            msg: `applied ${everyMigration.length} database migrations`,
            migrations: everyMigration,
          }),
        );
        expect(await pendingMigrations(database)).toEqual([]);
        expect(await applyMigrations(database)).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );

  it('names the migrations a database has not recorded as pending', async () => {
    const database = await openTestDatabase();
    try {
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await pendingMigrations(database)).toEqual([everyMigration.at(-1)]);
    } finally {
      await database.close();
    }
  });
});
