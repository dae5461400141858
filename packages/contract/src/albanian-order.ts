/**
 * The order of names wherever people read them sorted ('A - ZH', names, municipalities, datasets,
 * guidelines): the Albanian alphabet, A B C Ç D Dh E Ë F G Gj H I J K L Ll M N Nj O P Q R Rr S Sh
 * T Th U V X Xh Y Z Zh. Ç, Ë and the digraphs are letters of their own, each after every word that
 * continues its first letter otherwise (Gurrakoc < Gjonaj); case and other accents (č, é, ü, …)
 * do not count. The database sorts by the same key, made by `albanian_sort_key(text)` (migration
 * 0023), which a test holds to this one; decision 0034 says why it is not an ICU collation.
 */

/**
 * Follows the first letter of Ç, Ë and the digraphs in a key: the greatest code point, so the letter
 * sorts after its first letter followed by anything else, and before the next letter.
 */
const AFTER_EVERY_LETTER = '\u{10FFFF}';

/** Folded to their base letter, as search folds them (apps/server/src/db/folded-text.ts), except Ç and Ë. */
const ACCENTED = 'ČčĆćŠšŽžĐđÉéÈèÊêÜüÖöÓóÄäÂâÁáÎîÍíÔôÛûÚú';
const PLAIN = 'ccccsszzddeeeeeeuuooooaaaaaaiiiioouuuu';
const PLAIN_OF = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i]!]));
const ACCENTED_LETTER = new RegExp(`[${ACCENTED}]`, 'g');

const BASE_OF: Record<string, string> = { ç: 'c', Ç: 'c', ë: 'e', Ë: 'e' };
const LETTERS_WITH_A_BASE = /[çÇëË]/g;
const DIGRAPHS = /[dstxz]h|[gn]j|ll|rr/g;

/**
 * The text that sorts, code point by code point, where the name sorts in the Albanian alphabet:
 * other accented letters as their base letter; lower case; then Ç, Ë and each digraph as its first
 * letter followed by AFTER_EVERY_LETTER (read left to right, so 'rrr' is Rr then R). Spaces,
 * punctuation and digits keep their code points, which puts them before letters. The text is read
 * as stored, as search reads it: a letter written decomposed (a base letter and a combining mark,
 * which keyboards do not write) sorts as its base letter followed by the mark, after the words
 * that continue the base letter with a letter.
 */
export function albanianSortKey(name: string): string {
  return name
    .replace(ACCENTED_LETTER, (letter) => PLAIN_OF.get(letter)!)
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replace(LETTERS_WITH_A_BASE, (letter) => BASE_OF[letter]! + AFTER_EVERY_LETTER)
    .replace(DIGRAPHS, (digraph) => digraph[0]! + AFTER_EVERY_LETTER);
}

/**
 * Compares as PostgreSQL's "C" collation compares the key's bytes: by code point. `<` compares
 * UTF-16 units, which put a character beyond U+FFFF before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return (a.codePointAt(i) ?? -1) - (b.codePointAt(i) ?? -1);
}

/** Orders names in the Albanian alphabet; names that differ only in case or accents are equal. */
export const compareAlbanian = (a: string, b: string): number =>
  compareCodePoints(albanianSortKey(a), albanianSortKey(b));
