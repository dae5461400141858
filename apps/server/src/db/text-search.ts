import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ACCENTED, PLAIN, foldedText } from './folded-text';

const FOLD = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]));
const ACCENTED_LETTER = new RegExp(`[${ACCENTED}]`, 'g');

/** What foldedText does in the database: letter by letter, the text as it is stored. */
export const foldLetters = (text: string) => text.replace(ACCENTED_LETTER, (letter) => FOLD.get(letter)!);

/** A search's text folded as foldedText folds the columns it is looked for in. */
export const foldAccents = (text: string) => foldLetters(text.normalize('NFC'));

/** Escapes LIKE's wildcards (and its escape character), so '50%' matches the text '50%'. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern that finds the text anywhere in a column folded by matchesPattern. */
export const containsPattern = (text: string) => `%${escapeLike(foldAccents(text))}%`;

/** The column, folded to base letters, matches the pattern (a value or a placeholder), ignoring case. */
export function matchesPattern(column: SQLWrapper, pattern: unknown): SQL {
  return sql`${foldedText(column)} ilike ${pattern}`;
}

/** The column contains the text, ignoring case and accents. */
export function containsText(column: SQLWrapper, text: string): SQL {
  return matchesPattern(column, containsPattern(text));
}
