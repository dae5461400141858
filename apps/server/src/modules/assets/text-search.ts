import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ACCENTED, PLAIN, foldedText } from '../../db/folded-text';

const FOLD = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]));
const ACCENTED_LETTER = new RegExp(`[${ACCENTED}]`, 'g');

/** What foldedText does in the database: letter by letter, the text as it is stored. */
const foldLetters = (text: string) => text.replace(ACCENTED_LETTER, (letter) => FOLD.get(letter)!);

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

/*
 * The option index finds searches in memory as the database finds them with containsText, for the
 * searches whose folded text is all ASCII (most: villages, municipalities, names typed without
 * accents). Both sides are then lowered alike by every database: PGlite lowers only ASCII letters,
 * PostgreSQL's locale all, and of the other letters only İ and the Kelvin sign K lower to ASCII
 * ones, there and not in PGlite — an asset whose text holds one leaves searches to the database.
 */

/** The search as the option index looks for it (folded, in lower case), or undefined when only the database can. */
export function indexedSearchTerm(search: string): string | undefined {
  const folded = foldAccents(search);
  return /^\p{ASCII}+$/u.test(folded) ? folded.toLowerCase() : undefined;
}

/** An asset's searched columns as indexedSearchTerm's terms are looked for in them: apart by a letter no term holds. */
export const searchedText = (columns: readonly (string | null)[]) =>
  columns.map((text) => foldLetters(text ?? '').toLowerCase()).join('\uffff');

/** Whether databases lower the columns differently where an ASCII search could tell. */
export const lowersAmbiguously = (columns: readonly (string | null)[]) =>
  columns.some((text) => text !== null && /[\u0130\u212a]/.test(text));
