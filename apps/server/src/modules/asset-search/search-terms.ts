import { foldAccents, foldLetters } from '../../db/text-search';

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
