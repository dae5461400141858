import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPglitePool } from './pglite-pool';

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

let pglite: PGlite;
let pool: pg.Pool;

/** PGlite through node-postgres: what breaks there breaks every request of the embedded server. */
describe.runIf(process.env.TEST_DB_DRIVER !== 'pg')('createPglitePool', () => {
  beforeEach(async () => {
    pglite = new PGlite();
    pool = createPglitePool(pglite);
    await pool.query(
      'create table notes (id integer primary key, body text not null, at timestamptz not null default now())',
    );
  });
  afterEach(async () => {
    await pool.end();
    await pglite.close();
  });

  it("runs Drizzle's named prepared statements, with its type parsers", async () => {
    const db = drizzle(pool);
    await db.insert(notes).values({ id: 1, body: 'Kulla', at: new Date('2026-01-02T03:04:05Z') });
    const byId = db
      .select()
      .from(notes)
      .where(sql`${notes.id} = ${sql.placeholder('id')}`)
      .prepare('note_by_id');
    expect(await byId.execute({ id: 1 })).toEqual([{ id: 1, body: 'Kulla', at: new Date('2026-01-02T03:04:05Z') }]);
    expect(await byId.execute({ id: 2 })).toEqual([]);
  });

  it('keeps its one connection after a statement fails, and answers on it', async () => {
    // A connection the pool ends leaves its 'end' to the next one, which shares PGlite with it.
    const removed = vi.fn();
    pool.on('remove', removed);
    for (let attempt = 0; attempt < 3; attempt++) {
      const failure = await pool.query('select * from missing_table').catch((error: Error) => error);
      expect(failure).toMatchObject({ message: 'relation "missing_table" does not exist' });
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    }
    expect(removed).not.toHaveBeenCalled();
  });

  it('makes other statements wait for a transaction rather than run inside it', async () => {
    const db = drizzle(pool);
    let outside: Promise<unknown[]> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 1, body: 'never committed' });
        outside = db.select().from(notes);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
  });
});
