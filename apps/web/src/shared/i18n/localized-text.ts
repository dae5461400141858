import type { Language } from './language';

/** The column suffix of each language: `titleXk`, `titleEn`, `titleSr`. */
export const LANGUAGE_SUFFIX = { xk: 'Xk', en: 'En', sr: 'Sr' } as const satisfies Record<Language, string>;

type Localized<Name extends string> = Partial<Record<Name | `${Name}Xk` | `${Name}En` | `${Name}Sr`, string | null>>;

/**
 * A text the server keeps in three columns (`titleXk`, `titleEn`, `titleSr`), picked for the
 * interface language; falls back to the one the server chose for the request, then to Albanian.
 * Picking on the page means a language switch needs no new request.
 */
export const pickLocalized = <Name extends string>(
  record: Localized<Name>,
  name: Name,
  language: Language,
): string | null => {
  const candidates = [record[`${name}${LANGUAGE_SUFFIX[language]}`], record[name], record[`${name}Xk`]];
  for (const candidate of candidates) if (candidate?.trim()) return candidate;
  return null;
};
