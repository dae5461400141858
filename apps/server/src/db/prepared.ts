import { type Placeholder, type SQLWrapper, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A statement's values by placeholder name. */
export type Values = Record<string, unknown>;

/** Gives a value to a statement: as itself (built into this call's SQL) or as a named placeholder. */
export type Bind = <T>(name: string, value: T) => T | SQLWrapper;

/**
 * Values go into the statement as ordinary parameters: for statements built anew on every call. An
 * array is one parameter (an array value), as it is as a placeholder.
 */
export const bindInline: Bind = (_name, value) => (Array.isArray(value) ? sql.param(value) : value);

/**
 * Collects a statement's values under placeholder names while its SQL is built, so the SQL depends
 * only on which values there are, not on what they are. Dates travel as ISO text (a placeholder
 * skips the column's own encoding, which turns a Date into that text too).
 */
export class Bindings {
  readonly values: Values = {};

  readonly bind = <T>(name: string, value: T): Placeholder => {
    const bound = value instanceof Date ? value.toISOString() : value;
    // One name may appear in several places of a statement, always with one value.
    if (name in this.values && !Object.is(this.values[name], bound)) throw new Error(`placeholder ${name} bound twice`);
    this.values[name] = bound;
    return sql.placeholder(name);
  };

  /** The names bound so far, in order: part of the shape of the statement they were bound into. */
  get names(): string {
    return Object.keys(this.values).join(',');
  }
}

type Preparable<Result> = {
  prepare(name: string): { execute(values?: Values): Promise<Result> };
  execute(values?: Values): Promise<Result>;
};

/** More shapes than any real use makes; past it, statements run unprepared rather than fill the database's memory. */
const MAX_STATEMENTS_PER_DATABASE = 500;

const statementsByDatabase = new WeakMap<Executor, Map<string, { execute(values?: Values): Promise<unknown> }>>();
let statementsPrepared = 0;

/**
 * Runs a statement prepared once per shape. Drizzle renders a statement's SQL anew on every call,
 * and the database parses and plans it anew: together most of the cost of a short read (the dataset
 * list served about 700 calls a second at 50 connections that way, 1,700 prepared). `shape` must
 * name everything the SQL text depends on; `build` (called only for a new shape) must put every
 * other value in as a placeholder of `values`. The statement is a named prepared statement, parsed
 * once per connection (PGlite's one included: db/pglite-pool.ts).
 *
 * Inside a transaction the statement is built and run as usual: a name prepared on the
 * transaction's connection would outlive it for nothing.
 */
export function runPrepared<Result>(
  db: Executor,
  name: string,
  shape: string,
  build: () => Preparable<Result>,
  values: Values,
): Promise<Result> {
  if (is(db, PgTransaction)) return build().execute(values);
  let statements = statementsByDatabase.get(db);
  if (!statements) statementsByDatabase.set(db, (statements = new Map()));
  const key = `${name}(${shape})`;
  const known = statements.get(key) as { execute(values?: Values): Promise<Result> } | undefined;
  if (known) return known.execute(values);
  if (statements.size >= MAX_STATEMENTS_PER_DATABASE) return build().execute(values);
  const prepared = build().prepare(`${name}_${++statementsPrepared}`);
  statements.set(key, prepared);
  return prepared.execute(values);
}
