import { type Table, getTableName, is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './client';

/** The channel on which the database announces a changed table's name (migration 0009). */
export const TABLE_CHANGED_CHANNEL = 'table_changed';

/** Each cached read keeps at most this many answers (the oldest go first). */
const MAX_ENTRIES_PER_READ = 1_000;

type Entry = { value: unknown; epoch: number; versions: number[] };

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'trashegimia-table-changes';

/** How long a lost listening connection waits before connecting again. */
const RECONNECT_MS = 1_000;

/**
 * What one database's server instance has heard of its tables' changes, and the answers read
 * since. A table's version moves on with every change announced on TABLE_CHANGED_CHANNEL; an answer
 * is good while the versions of the tables it read are those it was read at. Every connection of
 * the pool listens (`listenOn`, before the pool first hands it out), so the connection that made a
 * change hears of it before its statement or transaction is reported done and an instance never
 * serves its own change stale. On a PostgreSQL server, which other instances change too, one more
 * connection listens for their changes, which arrive a moment later; while it is not listening (not
 * yet, or lost), nothing is served from memory. PGlite has one connection and one instance: once
 * that connection listens, it hears every change.
 */
export class TableChanges {
  #versions = new Map<string, number>();
  #reads = new Map<string, Map<string, Entry>>();
  #heard = false;
  /** Moves on whenever hearing starts or stops: what was read before may have missed a change. */
  #epoch = 0;

  /** `serverUrl`: the PostgreSQL server to keep a listening connection to; none for PGlite. */
  constructor(private readonly serverUrl?: string) {}

  /** For the pool's `onConnect`. A connection that cannot listen is still used; it just is not heard. */
  readonly listenOn = async (client: pg.ClientBase): Promise<void> => {
    try {
      await this.listen(client);
      if (!this.serverUrl) this.setHearing(true);
    } catch {
      if (!this.serverUrl) this.setHearing(false);
    }
  };

  /** Serves `db`'s cached reads from here, and starts listening on the server; returns what stops it. */
  cacheReadsOf(db: Executor): () => Promise<void> {
    changesByDatabase.set(db, this);
    if (!this.serverUrl) return async () => {};
    const serverUrl = this.serverUrl;
    return keepListening(
      this,
      () => new pg.Client({ connectionString: serverUrl, application_name: LISTENER_APPLICATION_NAME }),
    );
  }

  /** Whether announcements are being heard; when they stop, everything read so far is forgotten. */
  setHearing(heard: boolean) {
    if (heard === this.#heard) return;
    this.#reads.clear();
    this.#epoch++;
    this.#heard = heard;
  }

  async listen(client: pg.ClientBase): Promise<void> {
    client.on('notification', (message) => {
      if (message.channel === TABLE_CHANGED_CHANNEL && message.payload) this.announce(message.payload);
    });
    await client.query(`listen ${TABLE_CHANGED_CHANNEL}`);
  }

  async read<Value>(name: string, key: string, tables: string[], read: () => Promise<Value>): Promise<Value> {
    if (!this.#heard) return read();
    let entries = this.#reads.get(name);
    if (!entries) this.#reads.set(name, (entries = new Map()));
    const known = entries.get(key);
    if (
      known &&
      known.epoch === this.#epoch &&
      tables.every((table, i) => this.versionOf(table) === known.versions[i])
    ) {
      return known.value as Value;
    }
    // Versions from before the read: a change announced while it runs makes its answer stale at once.
    const epoch = this.#epoch;
    const versions = tables.map((table) => this.versionOf(table));
    const value = await read();
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES_PER_READ) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, epoch, versions });
    return value;
  }

  private announce(table: string) {
    this.#versions.set(table, this.versionOf(table) + 1);
  }

  private versionOf(table: string) {
    return this.#versions.get(table) ?? 0;
  }
}

/** One connection kept listening, connected again a second after it is lost. */
function keepListening(changes: TableChanges, newClient: () => pg.Client): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const lost = () => {
    changes.setHearing(false);
    if (!stopped && !retry) retry = setTimeout(connect, RECONNECT_MS).unref();
  };
  const connect = () => {
    retry = undefined;
    const attempt = newClient();
    client = attempt;
    // A lost connection is an 'error' and then an 'end'; either starts the next attempt.
    attempt.on('error', lost);
    attempt.on('end', lost);
    attempt
      .connect()
      .then(() => changes.listen(attempt))
      .then(() => changes.setHearing(!stopped))
      .catch(() => {
        lost();
        void attempt.end().catch(() => undefined);
      });
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    changes.setHearing(false);
    await client?.end().catch(() => undefined);
  };
}

const changesByDatabase = new WeakMap<Executor, TableChanges>();

/**
 * `read`'s answer, kept in memory until one of `tables` changes. For reads that are the same for
 * many callers and whose tables change rarely; `key` must name everything else the answer depends
 * on. Inside a transaction, which may have changed the tables itself, it always reads.
 */
export function cachedRead<Value>(
  db: Executor,
  name: string,
  key: string,
  tables: Table[],
  read: () => Promise<Value>,
): Promise<Value> {
  const changes = is(db, PgTransaction) ? undefined : changesByDatabase.get(db);
  if (!changes) return read();
  return changes.read(
    name,
    key,
    tables.map((table) => getTableName(table)),
    read,
  );
}
