import type { Language } from '@/shared/i18n/language';
import { LANGUAGE_SUFFIX } from '@/shared/i18n/localized-text';

type Texts<Name extends string> = Partial<Record<`${Name}Xk` | `${Name}En` | `${Name}Sr`, string | null>>;

const ORDER: Language[] = ['xk', 'en', 'sr'];

/**
 * A text kept in three languages: the interface language's, else the first one written in Xk, En,
 * Sr order (spec §2: the description in Xk, En or Sr; the library title in the first available).
 */
export const firstText = <Name extends string>(record: Texts<Name>, name: Name, language: Language): string | null => {
  for (const candidate of [language, ...ORDER]) {
    const value = record[`${name}${LANGUAGE_SUFFIX[candidate]}`]?.trim();
    if (value) return value;
  }
  return null;
};
