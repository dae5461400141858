import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Letters folded to their base letter for searching, so 'Peje' finds 'Pejë' and 'Cacak' finds
 * 'Čačak': Albanian (ë, ç), Serbian Latin (č, ć, š, ž, đ) and a few common others. The database
 * applies the same table with translate(), which needs no extension on PGlite or PostgreSQL.
 */
export const ACCENTED = 'ËëÇçČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú';
export const PLAIN = 'EeCcCcCcSsZzDdEeEeEeUuOoOoAaAaAaIiIiOoUuUu';

/**
 * The column with its letters folded, in the database. The tables are written into the SQL as
 * literals (they hold no quote), not sent as parameters: a trigram index on this very expression
 * (assets' text columns) serves a search only when the search's expression is the same text.
 */
export function foldedText(column: SQLWrapper): SQL {
  return sql`translate(${column}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;
}
