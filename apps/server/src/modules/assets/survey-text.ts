import type { Language } from '@trashegimia/contract/common';

const SUFFIX = { xk: 'Xk', en: 'En', sr: 'Sr' } as const satisfies Record<Language, string>;

type Trilingual<Name extends string> = Record<`${Name}Xk` | `${Name}En` | `${Name}Sr`, string | null>;

/**
 * A survey or dataset text in the request's language: the column for that language, or the
 * Albanian one when it is empty (Albanian is the product's first language and always filled in).
 */
export function localize<Name extends string>(row: Trilingual<Name>, name: Name, language: Language): string | null {
  const wanted = row[`${name}${SUFFIX[language]}`];
  if (wanted !== null && wanted.trim() !== '') return wanted;
  const albanian = row[`${name}Xk`];
  return albanian !== null && albanian.trim() !== '' ? albanian : null;
}

/** `title` plus the raw titleXk/En/Sr, as the contract's `localized('title')` shape wants them. */
export function localizedFields<Name extends string>(row: Trilingual<Name>, name: Name, language: Language) {
  return {
    [name]: localize(row, name, language),
    [`${name}Xk`]: row[`${name}Xk`],
    [`${name}En`]: row[`${name}En`],
    [`${name}Sr`]: row[`${name}Sr`],
  } as Record<Name, string | null> & Trilingual<Name>;
}

/**
 * Orders dotted question numbers by segment, numerically: 1.2 < 1.10 < 2. A segment that is not a
 * number sorts after the numeric ones, by text, so odd data never throws.
 */
export function compareQuestionNr(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const difference = compareSegment(x, y);
    if (difference !== 0) return difference;
  }
  return 0;
}

function compareSegment(x: string, y: string): number {
  const numeric = /^\d+$/;
  const xIsNumber = numeric.test(x);
  const yIsNumber = numeric.test(y);
  if (xIsNumber && yIsNumber) return Number(x) - Number(y);
  if (xIsNumber !== yIsNumber) return xIsNumber ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}
