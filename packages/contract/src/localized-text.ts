import type { Language } from './common';

/** The column suffix of each language: `titleXk`, `titleEn`, `titleSr`. */
export const LANGUAGE_SUFFIX = { xk: 'Xk', en: 'En', sr: 'Sr' } as const satisfies Record<Language, string>;

type Trilingual<Name extends string> = Record<`${Name}Xk` | `${Name}En` | `${Name}Sr`, string | null>;

/** Albanian first: it is the product's first language and the one a survey is written in. */
const FALLBACK_ORDER: Language[] = ['xk', 'en', 'sr'];

/**
 * A text kept in three languages, in `language`: its own column, else the first written of
 * Albanian, English, Serbian (spec §2); a blank column counts as not written. The server, the page
 * and their test fakes all pick with this one.
 */
export function localize<Name extends string>(
  row: Partial<Trilingual<Name>>,
  name: Name,
  language: Language,
): string | null {
  for (const candidate of [language, ...FALLBACK_ORDER]) {
    const text = row[`${name}${LANGUAGE_SUFFIX[candidate]}`];
    if (text && text.trim() !== '') return text;
  }
  return null;
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
