import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * What a name is sorted by, in the database: its key in the Albanian alphabet
 * (`albanian_sort_key`, migration 0023; the same as the contract's albanianSortKey), compared
 * byte by byte. "C" is named because the database's own collation (C on PGlite, often a libc
 * locale on a server) need not compare bytes. The asset index on it is built from this expression.
 */
export function albanianOrder(column: SQLWrapper): SQL {
  return sql`albanian_sort_key(${column}) collate "C"`;
}
