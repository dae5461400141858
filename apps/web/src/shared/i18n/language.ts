import { DEFAULT_LANGUAGE, Language, LANGUAGES, toLanguage } from '@trashegimia/contract/common';

/** Browser storage key of the chosen interface language (spec §9). */
export const LANGUAGE_STORAGE_KEY = 'language';

export { DEFAULT_LANGUAGE, LANGUAGES, toLanguage };
export type { Language };

export const isLanguage = (value: unknown): value is Language => Language.safeParse(value).success;

/**
 * A stored choice wins, but only one of ours; anything else stored is replaced by the default
 * (spec §1: "A stored language other than xk, en or sr is replaced by xk").
 */
export const resolveStoredLanguage = (stored: string | null): Language | null => {
  if (stored === null || stored === '') return null;
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

/** `<html lang>` for each language: `xk` is not a language tag; screen readers need `sq`. */
const HTML_LANG: Record<Language, string> = { xk: 'sq', en: 'en', sr: 'sr-Latn' };
export const htmlLangFor = (language: Language): string => HTML_LANG[language];
