import type { Language } from '@/shared/i18n/language';

type Texts<Name extends string> = Partial<Record<`${Name}Xk` | `${Name}En` | `${Name}Sr`, string | null>>;

const SUFFIX = { xk: 'Xk', en: 'En', sr: 'Sr' } as const satisfies Record<Language, string>;
const ORDER: Language[] = ['xk', 'en', 'sr'];

/**
 * A text kept in three languages: the interface language's, else the first one written in Xk, En,
 * Sr order (spec §2: the description in Xk, En or Sr; the library title in the first available).
 */
export const firstText = <Name extends string>(record: Texts<Name>, name: Name, language: Language): string | null => {
  for (const candidate of [language, ...ORDER]) {
    const value = record[`${name}${SUFFIX[candidate]}`]?.trim();
    if (value) return value;
  }
  return null;
};
