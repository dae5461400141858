import { Table, getTableName, is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './client';
import { CHANGE_CHANNEL, type TableChange, parseNotification } from './notifications';


/** Each cached read keeps at most this many answers (the least recently used go first), unless it says otherwise. */
const MAX_ENTRIES_PER_READ = 1_000;

/**
 * How many parts of tables (one asset, one dataset's assets) have their own version before all are
 * forgotten together with every answer read: each announced part is remembered until then.
 */
const MAX_PART_VERSIONS = 100_000;

/**
 * `dependsOn`: what the answer was narrowed to (ReadOptions.narrowTo), when not what the read named;
 * `refreshing`: whether it is being read anew behind it (ReadOptions.refreshAfterMs).
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
 * What an answer depends on: a whole table, which changes with every announcement of it (whole or
 * of any part), or one part of a table (`[assets, 'asset:<id>']`), which changes when the database
 * announces that part or the whole table.
 */
export type ReadDependency = Table | readonly [Table, string];

export type ReadOptions<Value = never> = {
  /** At most this many answers of the read are kept (the least recently used go first); 1,000 unless given. */
  maxEntries?: number;
  /**
   * An answer older than this is read anew, for what changes without being announced (view
   * counts): it still serves, once or while the new read is under way, so that no caller waits for
   * what is only old. A change announced is never served.
   */
  refreshAfterMs?: number;
  /**
   * What the answer turns out to depend on, each one of `dependsOn` or a part of one: a read that
   * must name a whole table before it knows which part it reads (an asset's dataset) is then kept
   * through changes of the other parts. Undefined: `dependsOn`.
   */
  narrowTo?: (value: Value) => ReadDependency[] | undefined;
};

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'trashegimia-table-changes';

/** How long a lost listening connection waits before connecting again. */
const RECONNECT_MS = 1_000;

/**
 * What one database's server instance has heard of its tables' changes, and the answers read
 * since. A table's version moves on with every change announced on CHANGE_CHANNEL; an answer
 * is good while the versions of the tables it read are those it was read at. Every connection of
 * the pool listens (`listenOn`, before the pool first hands it out), so the connection that made a
 * change hears of it before its statement or transaction is reported done and an instance never
 * serves its own change stale. On a PostgreSQL server, which other instances change too, one more
 * connection listens for their changes, which arrive a moment later; while it is not listening (not
 * yet, or lost), nothing is served from memory. PGlite has one connection and one instance: once
 * that connection listens, it hears every change.
 */
export class TableChanges {
  /** Every announcement of a table, whole or of parts: a read of the whole table hears them all. */
  #versions = new Map<string, number>();
  /** Announcements of a whole table only: a read of a part hears these and its own part's. */
  #wholeVersions = new Map<string, number>();
  #partVersions = new Map<string, number>();
  #reads = new Map<string, Map<string, Entry>>();
  /** Per read and key, the read under way that a caller asking meanwhile may wait for instead of reading too. */
  #pending = new Map<string, Map<string, Pending>>();
  #heard = false;
  #watchers = new Set<(change: TableChange) => void>();
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
    for (const watcher of this.#watchers) watcher('everything');
  }

  get hearing(): boolean {
    return this.#heard;
  }

  /** Tells `watcher` of every change heard from now on (each connection hears one, so usually several times); returns what stops it. */
  watch(watcher: (change: TableChange) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  async listen(client: pg.ClientBase): Promise<void> {
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) this.announce(message.payload);
    });
    await client.query(`listen ${CHANGE_CHANNEL}`);
  }

  /** `dependsOn`: table names, and parts of tables as 'table part' (each also depends on its table). */
  async read<Value>(
    name: string,
    key: string,
    dependsOn: string[],
    read: () => Promise<Value>,
    options: Omit<ReadOptions, 'narrowTo'> & { narrowTo?: (value: Value) => string[] | undefined } = {},
  ): Promise<Value> {
    if (!this.#heard) return read();
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
        // Nothing announced has changed it: it serves once more while it is read anew behind it.
        known.refreshing = true;
        this.#readAndKeep(name, entries, key, dependsOn, read, options).catch(() => (known.refreshing = false));
      }
      return known.value as Value;
    }
    // Nothing it depends on was announced since the read under way began: that read shows every
    // change announced before this call, as this caller's own would (many visitors ask at once
    // just after a change, and each reading again only lengthens the database's queue).
    const underWay = this.#pending.get(name)?.get(key);
    if (underWay && this.#unchanged(dependsOn, underWay)) return underWay.value as Promise<Value>;
    return this.#readAndKeep(name, entries, key, dependsOn, read, options);
  }

  /** Whether nothing of `dependsOn` was announced since `versions` were taken, nor hearing lost. */
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
    // Versions from before the read: a change announced while it runs makes its answer stale at once.
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
  private announce(payload: string) {
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
 * `read`'s answer, kept in memory until one of `dependsOn` changes. For reads that are the same for
 * many callers and whose tables change rarely; `key` must name everything else the answer depends
 * on. Inside a transaction, which may have changed the tables itself, it always reads.
 */
export function cachedRead<Value>(
  db: Executor,
  name: string,
  key: string,
  dependsOn: ReadDependency[],
  read: () => Promise<Value>,
  options: ReadOptions<Value> = {},
): Promise<Value> {
  const changes = is(db, PgTransaction) ? undefined : changesByDatabase.get(db);
  if (!changes) return read();
  const { narrowTo, ...kept } = options;
  const named = narrowTo && ((value: Value) => narrowTo(value)?.map(dependencyName));
  return changes.read(name, key, dependsOn.map(dependencyName), read, named ? { ...kept, narrowTo: named } : kept);
}

/**
 * What keeps its own copy of data up to date from the database's announcements rather than through
 * cachedRead: the changes of `db`'s database, while they are heard (`hearing`). Undefined for a
 * transaction, and for a database whose changes are not listened to.
 */
export function tableChangesOf(db: Executor): Pick<TableChanges, 'hearing' | 'watch'> | undefined {
  return is(db, PgTransaction) ? undefined : changesByDatabase.get(db);
}

/** 'table', or 'table part' for a part (which hears its table's whole announcements too). */
function dependencyName(dependency: ReadDependency): string {
  if (is(dependency, Table)) return getTableName(dependency);
  const [table, part] = dependency;
  return `${getTableName(table)} ${part}`;
}
