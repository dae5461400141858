import { randomUUID } from 'node:crypto';
import { type Table, eq, getTableName, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAsset, createDataset, createMedia, createQuestion, createSurvey, createUser } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle, Executor } from './client';
import { LISTENER_APPLICATION_NAME, cacheOf, cachedRead } from './cache';
import { CHANGE_CHANNEL } from './notifications';
import { answers, assetCountChanges, assets, datasets } from './schema/index';

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

/** Resolves once `check` holds, asking again as soon as the event loop has turned. */
const until = (check: () => Promise<boolean>) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet');
    },
    { timeout: 5_000, interval: 5 },
  );

/**
 * Resolves once every listening connection has received the notifications of the changes made so
 * far: each connection receives them in the order they were committed, so once each has received a
 * marker sent after them, none is still on its way to invalidate what is read next.
 */
async function notificationsDelivered() {
  const cache = cacheOf(database.db)!;
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  // PGlite has one connection; on a server, the pool's connections and the one for other instances.
  const listeners = onServer ? pool.totalCount + 1 : 1;
  const marker = `test_marker ${randomUUID()}`;
  let received = 0;
  const delivered = new Promise<void>((resolve) => {
    const stop = cache.watch((change) => {
      if (
        change !== 'everything' &&
        `${change.table} ${change.parts.join(' ')}` === marker &&
        ++received === listeners
      ) {
        stop();
        resolve();
      }
    });
  });
  await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${marker})`);
  await delivered;
}

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
    // took effect: once they all have, the name is read and cached.
    await notificationsDelivered();
    await cachedName(database.db);
    await database.db.update(datasets).set({ name: 'x' }).where(eq(datasets.id, -1));
    await createUser(database.db);
    await database.db.execute(sql`select 1`);
    expect((await cachedName(database.db)).fromDatabase).toBe(false);
  });

  it('keeps the answers asked for most recently when it may keep no more', async () => {
    /** Whether this call read the database. */
    const ask = async (key: string) => {
      let fromDatabase = false;
      await cachedRead(database.db, 'test_recent', key, [], async () => (fromDatabase = true), { maxEntries: 2 });
      return fromDatabase;
    };
    expect([await ask('a'), await ask('b'), await ask('a')]).toEqual([true, true, false]);
    // 'b' goes rather than 'a', which was asked for since.
    expect(await ask('c')).toBe(true);
    expect([await ask('a'), await ask('b')]).toEqual([false, true]);
  });

  it('reads the database once for visitors asking at once, and anew for one asking after a change made meanwhile', async () => {
    let reads = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const ask = () =>
      cachedRead(database.db, 'test_at_once', String(datasetId), [datasets], async () => {
        reads++;
        await held;
        const [row] = await database.db
          .select({ name: datasets.name })
          .from(datasets)
          .where(eq(datasets.id, datasetId));
        return row?.name;
      });
    await rename(database.db, 'Teqeja');
    const together = [ask(), ask(), ask()];
    expect(reads).toBe(1);

    // Asked after a change the first read may have begun before: it must not wait for that read.
    await rename(database.db, 'Sahat-kulla');
    const afterChange = ask();
    expect(reads).toBe(2);
    release();
    expect(await afterChange).toBe('Sahat-kulla');
    expect(new Set(await Promise.all(together)).size).toBe(1);
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

describe("cachedRead of parts of a table (one asset, one dataset's assets)", () => {
  let surveyId: number;
  let otherDatasetId: number;
  const readsOfPart = new Map<string, number>();

  beforeAll(async () => {
    surveyId = (await createSurvey(database.db)).id;
    otherDatasetId = (await createDataset(database.db)).id;
  });

  /** A part of assets ('asset:<id>'), or of another table. */
  type Part = string | readonly [Table, string];

  /** Whether this call read the database for `part` (a read that counts how often it ran). */
  async function readPart(of: Part) {
    const [table, part] = typeof of === 'string' ? [assets, of] : of;
    const key = `${getTableName(table)} ${part}`;
    const before = readsOfPart.get(key) ?? 0;
    await cachedRead(database.db, 'test_part', key, [[table, part]], async () =>
      readsOfPart.set(key, (readsOfPart.get(key) ?? 0) + 1),
    );
    return (readsOfPart.get(key) ?? 0) > before;
  }

  /** Reads and caches the parts once every listening connection has received the earlier changes. */
  async function settled(...parts: Part[]) {
    await notificationsDelivered();
    for (const part of parts) await readPart(part);
  }

  it("reads an asset anew when it, its answers or its media change, and not for another asset's change", async () => {
    const [one, other] = [
      await createAsset(database.db, { surveyId, datasetId }),
      await createAsset(database.db, { surveyId, datasetId: otherDatasetId }),
    ];
    const [asOne, asOther] = [`asset:${one.id}`, `asset:${other.id}`];
    await settled(asOne, asOther);

    await database.db.update(assets).set({ comments: 'Çatia u riparua' }).where(eq(assets.id, one.id));
    expect([await readPart(asOne), await readPart(asOther)]).toEqual([true, false]);

    await settled(asOne, asOther);
    await createMedia(database.db, other.id);
    expect([await readPart(asOne), await readPart(asOther)]).toEqual([false, true]);
  });

  it("reads a dataset's assets anew when any of them changes or one moves in or out", async () => {
    const asset = await createAsset(database.db, { surveyId, datasetId });
    const [ofDataset, ofOther] = [`dataset:${datasetId}`, `dataset:${otherDatasetId}`];
    await settled(ofDataset, ofOther);

    await createAsset(database.db, { surveyId, datasetId });
    expect([await readPart(ofDataset), await readPart(ofOther)]).toEqual([true, false]);

    await settled(ofDataset, ofOther);
    await database.db.update(assets).set({ datasetId: otherDatasetId }).where(eq(assets.id, asset.id));
    expect([await readPart(ofDataset), await readPart(ofOther)]).toEqual([true, true]);
  });

  it("keeps every dataset's public pages through an import of unapproved assets, which invalidates only its own dataset's other readers", async () => {
    const question = await createQuestion(database.db, surveyId, { questionType: 'TEXT' });
    const [seen, all, otherSeen] = [`public:${datasetId}`, `dataset:${datasetId}`, `public:${otherDatasetId}`];
    await settled(seen, all, otherSeen);

    // As a bulk import writes a batch: more than 50 new assets with their answers, in one transaction.
    await database.db.transaction(async (tx) => {
      const made = await tx
        .insert(assets)
        .values(Array.from({ length: 60 }, () => ({ uniqueId: randomUUID(), surveyId, datasetId, status: 'UPLOADED' })))
        .returning({ id: assets.id });
      await tx.insert(answers).values(made.map(({ id }) => ({ assetId: id, questionId: question.id, value: 'Kulla' })));
    });
    expect([await readPart(seen), await readPart(all), await readPart(otherSeen)]).toEqual([false, true, false]);
  });

  it('keeps what the public sees of a dataset through work on assets it does not see, not through changes it sees', async () => {
    const awaiting = await createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED' });
    const approved = await createAsset(database.db, { surveyId, datasetId });
    const [seen, all] = [`public:${datasetId}`, `dataset:${datasetId}`];
    await settled(seen, all);

    await database.db.update(assets).set({ comments: 'Pret shqyrtimin' }).where(eq(assets.id, awaiting.id));
    expect([await readPart(seen), await readPart(all)]).toEqual([false, true]);

    await settled(seen, all);
    await database.db.update(assets).set({ status: 'APPROVED' }).where(eq(assets.id, awaiting.id));
    expect(await readPart(seen)).toBe(true);

    await settled(seen);
    await createMedia(database.db, approved.id);
    expect(await readPart(seen)).toBe(true);

    await settled(seen);
    await database.db.update(assets).set({ status: 'REJECTED' }).where(eq(assets.id, approved.id));
    expect(await readPart(seen)).toBe(true);
  });

  it("keeps what was read of one dataset through another dataset's edit, and its public counts through unseen work", async () => {
    const parts: Part[] = [
      [datasets, `dataset:${datasetId}`],
      [assetCountChanges, `dataset:${datasetId}`],
      [assetCountChanges, `public:${datasetId}`],
    ];
    const everyRead = () => Promise.all(parts.map((part) => readPart(part)));
    await settled(...parts);

    await database.db.update(datasets).set({ descriptionEn: 'Another' }).where(eq(datasets.id, otherDatasetId));
    await createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED' });
    expect(await everyRead()).toEqual([false, true, false]);

    await database.db.update(datasets).set({ descriptionEn: 'This one' }).where(eq(datasets.id, datasetId));
    await createAsset(database.db, { surveyId, datasetId });
    expect(await everyRead()).toEqual([true, true, true]);
  });

  it('keeps what assets show of their dataset through an edit of its description, not of its name or activity', async () => {
    const [whole, shown] = [
      [datasets, `dataset:${datasetId}`],
      [datasets, `shown:${datasetId}`],
    ] as const;
    const bothRead = () => Promise.all([readPart(whole), readPart(shown)]);
    const change = (fields: Partial<typeof datasets.$inferInsert>) =>
      database.db.update(datasets).set(fields).where(eq(datasets.id, datasetId));
    await settled(whole, shown);

    await change({ descriptionEn: 'Towers of the plain', pillColor: '#aa0000' });
    expect(await bothRead()).toEqual([true, false]);
    await settled(whole, shown);
    await change({ name: 'Kullat' });
    expect(await bothRead()).toEqual([true, true]);
    await settled(whole, shown);
    await change({ isActive: false });
    expect(await bothRead()).toEqual([true, true]);
    await change({ isActive: true });
  });

  it("keeps an answer narrowed to one dataset through other datasets' edits, not through its own", async () => {
    let narrowedReads = 0;
    /** Whether this call read the database; `whileReading` runs inside the read. */
    const readNarrowed = async (whileReading?: () => Promise<unknown>) => {
      const before = narrowedReads;
      await cachedRead(
        database.db,
        'test_narrowed',
        String(datasetId),
        [datasets],
        async () => {
          narrowedReads++;
          await whileReading?.();
        },
        { narrowTo: () => [[datasets, `dataset:${datasetId}`]] },
      );
      return narrowedReads > before;
    };
    const describe = (id: number, text: string) =>
      database.db.update(datasets).set({ descriptionEn: text }).where(eq(datasets.id, id));
    await notificationsDelivered();
    await readNarrowed();

    await describe(otherDatasetId, 'Elsewhere');
    expect(await readNarrowed()).toBe(false);
    await describe(datasetId, 'Here');
    // Its own dataset changed while it was read again: what it read may predate the change.
    expect(await readNarrowed(() => describe(datasetId, 'During the read'))).toBe(true);
    expect(await readNarrowed()).toBe(true);
  });

  it('keeps its answers through a batch of views, which changes nothing else', async () => {
    const asset = await createAsset(database.db, { surveyId, datasetId });
    const parts = [`asset:${asset.id}`, `dataset:${datasetId}`];
    await settled(...parts);
    await database.db
      .update(assets)
      .set({ viewCount: sql`${assets.viewCount} + 3` })
      .where(eq(assets.id, asset.id));
    await notificationsDelivered();
    expect(await Promise.all(parts.map((part) => readPart(part)))).toEqual([false, false]);
  });

  it('reads every asset anew after a statement that changed more than 50', async () => {
    const made = await Promise.all(
      Array.from({ length: 51 }, () => createAsset(database.db, { surveyId, datasetId: otherDatasetId })),
    );
    const untouched = `asset:${(await createAsset(database.db, { surveyId, datasetId })).id}`;
    await settled(untouched);
    await database.db
      .update(assets)
      .set({ status: 'REJECTED' })
      .where(
        inArray(
          assets.id,
          made.map((asset) => asset.id),
        ),
      );
    expect(await readPart(untouched)).toBe(true);
  });

  it('reads anew an answer older than its refreshAfterMs, serving it meanwhile rather than keeping anyone waiting', async () => {
    // Only the clock the cache reads ages its answers; timers and the database run as they do.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      let stored = 'before';
      const ask = () =>
        cachedRead(database.db, 'test_refreshed', 'one', [], async () => stored, { refreshAfterMs: 200 });
      expect(await ask()).toBe('before');
      stored = 'after';
      expect(await ask()).toBe('before');
      vi.advanceTimersByTime(250);
      expect(await ask()).toBe('before');
      expect(await ask()).toBe('after');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(onServer)('cachedRead with other instances on the server', () => {
  const otherInstance = () =>
    new pg.Client({
      connectionString: (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString,
    });

  it('is invalidated by a change another instance made, a moment later', async () => {
    await cachedName(database.db);
    const other = otherInstance();
    await other.connect();
    try {
      await other.query('update datasets set name = $1 where id = $2', ['Kalaja', datasetId]);
    } finally {
      await other.end();
    }
    await until(async () => (await cachedName(database.db)).name === 'Kalaja');
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
