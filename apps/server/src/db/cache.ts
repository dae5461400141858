import { Table, getTableName, is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../logger';
import type { Executor } from './client';
import { CHANGE_CHANNEL, type TableChange, parseNotification } from './notifications';

/** Each cached read keeps at most this many answers (the least recently used go first), unless it says otherwise. */
const MAX_ENTRIES_PER_READ = 1_000;

/**
 * How many parts of tables (one asset, one dataset's assets) have their own version before all are
 * forgotten together with every cached answer: each notified part is remembered until then.
 */
const MAX_PART_VERSIONS = 100_000;

/**
 * `dependsOn`: what the answer was narrowed to (CacheOptions.narrowTo), when not what the read named;
 * `refreshing`: whether it is being read anew behind it (CacheOptions.refreshAfterMs).
 */
type Entry = {
  value: unknown;
  epoch: number;
  versions: number[];
  readAt: number;
  dependsOn?: string[];
  refreshing?: boolean;
};

/** A read under way, and the versions of what it depends on when it began. */
type Pending = { value: Promise<unknown>; epoch: number; versions: number[] };

/**
 * What invalidates a cached answer: a whole table, invalidated by every notification of it (whole
 * or of any part), or one part of a table (`[assets, 'asset:<id>']`, built by db/notifications.ts's
 * `invalidatedBy`), invalidated by a notification of that part or of the whole table.
 */
export type CacheDependency = Table | readonly [Table, string];

export type CacheOptions<Value = never> = {
  /** At most this many answers of the read are kept (the least recently used go first); 1,000 unless given. */
  maxEntries?: number;
  /**
   * An answer older than this is read anew, for what changes without a notification (view
   * counts): it still serves, once or while the new read is under way, so that no caller waits for
   * what is only old. An invalidated answer is never served.
   */
  refreshAfterMs?: number;
  /**
   * What the answer turns out to depend on, each one of `dependsOn` or a part of one: a read that
   * must name a whole table before it knows which part it reads (an asset's dataset) is then kept
   * through changes of the other parts. Undefined: `dependsOn`.
   */
  narrowTo?: (value: Value) => CacheDependency[] | undefined;
};

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'trashegimia-table-changes';

/** How long a lost listening connection waits before connecting again. */
const RECONNECT_MS = 1_000;

/**
 * The cache of one database's reads in this server instance, invalidated by the database's
 * notifications (LISTEN/NOTIFY on CHANGE_CHANNEL). A table's version moves on with every
 * notification of it; an answer
 * is good while the versions of the tables it read are those it was read at. Every connection of
 * the pool listens (`listenOn`, before the pool first hands it out), so the connection that made a
 * change receives its notification before its statement or transaction is reported done and an instance never
 * serves its own change stale. On a PostgreSQL server, which other instances change too, one more
 * connection listens for their changes, which arrive a moment later; while it is not listening (not
 * yet, or lost), nothing is served from memory. PGlite has one connection and one instance: once
 * that connection listens, it receives every notification.
 */
export class QueryCache {
  /** Every notification of a table, whole or of parts: a read of the whole table is invalidated by all. */
  #versions = new Map<string, number>();
  /** Notifications of a whole table only: they invalidate a read of a part, as its own part's do. */
  #wholeVersions = new Map<string, number>();
  #partVersions = new Map<string, number>();
  #reads = new Map<string, Map<string, Entry>>();
  /** Per read and key, the read under way that a caller asking meanwhile may wait for instead of reading too. */
  #pending = new Map<string, Map<string, Pending>>();
  #listening = false;
  #watchers = new Set<(change: TableChange) => void>();
  /** Moves on whenever listening starts or stops: what was read before may have missed a change. */
  #epoch = 0;

  /** `serverUrl`: the PostgreSQL server to keep a listening connection to; none for PGlite. */
  constructor(
    private readonly logger: Logger,
    private readonly serverUrl?: string,
  ) {}

  /** For the pool's `onConnect`. A connection that cannot listen is still used; its notifications are just not received. */
  readonly listenOn = async (client: pg.ClientBase): Promise<void> => {
    try {
      await this.listen(client);
      if (!this.serverUrl) this.setListening(true);
    } catch (error) {
      this.logger.warn({ err: error }, 'a database connection could not listen for changes');
      if (!this.serverUrl) this.setListening(false);
    }
  };

  /** Serves `db`'s cached reads from here, and starts listening on the server; returns what stops it. */
  cacheReadsOf(db: Executor): () => Promise<void> {
    cachesByDatabase.set(db, this);
    if (!this.serverUrl) return async () => {};
    const serverUrl = this.serverUrl;
    return keepListening(
      this,
      () => new pg.Client({ connectionString: serverUrl, application_name: LISTENER_APPLICATION_NAME }),
      this.logger,
    );
  }

  /** Whether notifications are being received; when they stop, every cached answer is dropped. */
  setListening(listening: boolean) {
    if (listening === this.#listening) return;
    this.#reads.clear();
    this.#epoch++;
    this.#listening = listening;
    for (const watcher of this.#watchers) watcher('everything');
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** Tells `watcher` of every notification received from now on (each listening connection receives one, so usually several times); returns what stops it. */
  watch(watcher: (change: TableChange) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  async listen(client: pg.ClientBase): Promise<void> {
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) this.invalidate(message.payload);
    });
    await client.query(`listen ${CHANGE_CHANNEL}`);
  }

  /** `dependsOn`: table names, and parts of tables as 'table part' (each also depends on its table). */
  async read<Value>(
    name: string,
    key: string,
    dependsOn: string[],
    read: () => Promise<Value>,
    options: Omit<CacheOptions, 'narrowTo'> & { narrowTo?: (value: Value) => string[] | undefined } = {},
  ): Promise<Value> {
    if (!this.#listening) return read();
    let entries = this.#reads.get(name);
    if (!entries) this.#reads.set(name, (entries = new Map()));
    const known = entries.get(key);
    if (known && this.#unchanged(known.dependsOn ?? dependsOn, known)) {
      // Last in the map's order, which is the order in which answers go when too many are kept.
      entries.delete(key);
      entries.set(key, known);
      if (
        options.refreshAfterMs !== undefined &&
        performance.now() - known.readAt >= options.refreshAfterMs &&
        !known.refreshing
      ) {
        // Not invalidated: it serves once more while it is read anew behind it.
        known.refreshing = true;
        this.#readAndKeep(name, entries, key, dependsOn, read, options).catch(() => (known.refreshing = false));
      }
      return known.value as Value;
    }
    // Nothing that invalidates it was notified since the read under way began: that read shows every
    // change notified before this call, as this caller's own would (many visitors ask at once
    // just after a change, and each reading again only lengthens the database's queue).
    const underWay = this.#pending.get(name)?.get(key);
    if (underWay && this.#unchanged(dependsOn, underWay)) return underWay.value as Promise<Value>;
    return this.#readAndKeep(name, entries, key, dependsOn, read, options);
  }

  /** Whether nothing of `dependsOn` was notified since `versions` were taken, nor listening lost. */
  #unchanged(dependsOn: string[], { epoch, versions }: { epoch: number; versions: number[] }): boolean {
    return epoch === this.#epoch && dependsOn.every((dependency, i) => this.versionOf(dependency) === versions[i]);
  }

  async #readAndKeep<Value>(
    name: string,
    entries: Map<string, Entry>,
    key: string,
    dependsOn: string[],
    read: () => Promise<Value>,
    options: { maxEntries?: number; narrowTo?: (value: Value) => string[] | undefined },
  ): Promise<Value> {
    // Versions from before the read: a change notified while it runs makes its answer stale at once.
    const epoch = this.#epoch;
    const readAt = performance.now();
    const versions = dependsOn.map((dependency) => this.versionOf(dependency));
    let pending = this.#pending.get(name);
    if (!pending) this.#pending.set(name, (pending = new Map()));
    const underWay: Pending = { value: read(), epoch, versions };
    pending.set(key, underWay);
    let value: Value;
    try {
      value = (await underWay.value) as Value;
    } finally {
      if (pending.get(key) === underWay) pending.delete(key);
    }
    entries.delete(key);
    if (entries.size >= (options.maxEntries ?? MAX_ENTRIES_PER_READ)) {
      entries.delete(entries.keys().next().value as string);
    }
    const narrowed = options.narrowTo?.(value);
    // Nothing it depended on changed while it read, so neither did the parts it narrows to: their
    // versions now are those it read at. Otherwise it is kept as read, stale already.
    if (narrowed && this.#unchanged(dependsOn, { epoch, versions })) {
      entries.set(key, {
        value,
        epoch,
        versions: narrowed.map((dependency) => this.versionOf(dependency)),
        readAt,
        dependsOn: narrowed,
      });
    } else {
      entries.set(key, { value, epoch, versions, readAt });
    }
    return value;
  }

  /** A table's name ('datasets'), or a table's name and the parts of it that changed ('assets dataset:3 asset:…'). */
  private invalidate(payload: string) {
    const change = parseNotification(payload);
    if (!change) return;
    const { table, parts } = change;
    for (const watcher of this.#watchers) watcher({ table, parts });
    this.#versions.set(table, (this.#versions.get(table) ?? 0) + 1);
    if (parts.length === 0) {
      this.#wholeVersions.set(table, (this.#wholeVersions.get(table) ?? 0) + 1);
      return;
    }
    if (this.#partVersions.size + parts.length > MAX_PART_VERSIONS) {
      this.#partVersions.clear();
      this.#reads.clear();
      this.#epoch++;
    }
    for (const part of parts) {
      const dependency = `${table} ${part}`;
      this.#partVersions.set(dependency, (this.#partVersions.get(dependency) ?? 0) + 1);
    }
  }

  private versionOf(dependency: string) {
    const space = dependency.indexOf(' ');
    if (space < 0) return this.#versions.get(dependency) ?? 0;
    // Both counts only grow, so their sum moves on whenever either does.
    const table = dependency.slice(0, space);
    return (this.#wholeVersions.get(table) ?? 0) + (this.#partVersions.get(dependency) ?? 0);
  }
}

/**
 * One connection kept listening, connected again a second after it is lost. An outage is logged
 * once when it begins (the first attempt failing counts) and once when it ends, not at every attempt.
 */
function keepListening(changes: QueryCache, newClient: () => pg.Client, logger: Logger): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let listenedBefore = false;
  /** When the outage under way began (performance.now()); undefined while listening. */
  let outageSince: number | undefined;
  const lost = (attempt: pg.Client, error?: unknown) => {
    // An attempt given up on may still report its end after the next one connected.
    if (stopped || attempt !== client) return;
    changes.setListening(false);
    if (outageSince === undefined) {
      outageSince = performance.now();
      logger.warn(
        { err: error },
        listenedBefore
          ? 'lost the connection that listens for database changes; caches are bypassed until it is back'
          : 'cannot connect to listen for database changes; caches are bypassed until it can',
      );
    }
    if (!retry) retry = setTimeout(connect, RECONNECT_MS).unref();
  };
  const listening = () => {
    if (stopped) return;
    changes.setListening(true);
    if (outageSince !== undefined) {
      const seconds = Math.round((performance.now() - outageSince) / 100) / 10;
      logger.info({ seconds }, `listening for database changes again, after ${seconds} s`);
    } else {
      logger.debug('listening for database changes');
    }
    listenedBefore = true;
    outageSince = undefined;
  };
  const connect = () => {
    retry = undefined;
    const attempt = newClient();
    client = attempt;
    // A lost connection is an 'error' and then an 'end'; either starts the next attempt.
    attempt.on('error', (error) => lost(attempt, error));
    attempt.on('end', () => lost(attempt));
    attempt
      .connect()
      .then(() => changes.listen(attempt))
      .then(listening)
      .catch((error: unknown) => {
        lost(attempt, error);
        void attempt.end().catch(() => undefined);
      });
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    changes.setListening(false);
    await client?.end().catch(() => undefined);
  };
}

const cachesByDatabase = new WeakMap<Executor, QueryCache>();

/**
 * `read`'s answer, cached until the database notifies a change to one of `invalidatedBy`. For reads
 * that are the same for many callers and whose tables change rarely; `key` must name everything else the answer depends
 * on. Inside a transaction, which may have changed the tables itself, it always reads.
 */
export function cachedRead<Value>(
  db: Executor,
  name: string,
  key: string,
  invalidatedBy: CacheDependency[],
  read: () => Promise<Value>,
  options: CacheOptions<Value> = {},
): Promise<Value> {
  const cache = is(db, PgTransaction) ? undefined : cachesByDatabase.get(db);
  if (!cache) return read();
  const { narrowTo, ...rest } = options;
  const named = narrowTo && ((value: Value) => narrowTo(value)?.map(dependencyName));
  return cache.read(name, key, invalidatedBy.map(dependencyName), read, named ? { ...rest, narrowTo: named } : rest);
}

/**
 * What keeps its own copy of data up to date from the database's notifications rather than through
 * cachedRead: the changes of `db`'s database, while they are received (`listening`). Undefined for a
 * transaction, and for a database whose changes are not listened to.
 */
export function cacheOf(db: Executor): Pick<QueryCache, 'listening' | 'watch'> | undefined {
  return is(db, PgTransaction) ? undefined : cachesByDatabase.get(db);
}

/** 'table', or 'table part' for a part (which a notification of the whole table invalidates too). */
function dependencyName(dependency: CacheDependency): string {
  if (is(dependency, Table)) return getTableName(dependency);
  const [table, part] = dependency;
  return `${getTableName(table)} ${part}`;
}
