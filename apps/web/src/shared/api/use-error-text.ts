import { useTranslation } from 'react-i18next';
import type xkErrors from '@/locales/xk/errors.json';
import { isApiError } from './api-error';

type TranslatedCode = keyof typeof xkErrors.codes;

/**
 * The text to show for a failed call: the server's stable `code` worded in the visitor's language
 * when the page knows it, else the server's message, else the call's fallback (spec §8).
 */
export const useErrorText = () => {
  const { t, i18n } = useTranslation('errors');
  return (error: unknown, fallback: string): string => {
    if (!isApiError(error)) return fallback;
    if (error.code && i18n.exists(`codes.${error.code}`, { ns: 'errors' })) {
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      return t(`codes.${error.code as TranslatedCode}`, { minutes });
    }
    return error.message;
  };
};
