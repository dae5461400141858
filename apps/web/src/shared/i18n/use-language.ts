import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from './language';

/** The interface language now; components re-render when it changes. */
export const useLanguage = (): Language => {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
};
