import { useTranslation } from 'react-i18next';
import type xkErrors from '@/locales/xk/errors.json';
import { isApiError } from './api-error';

type TranslatedCode = keyof typeof xkErrors.codes;

/**
 * The server's stable `code` worded in the visitor's language, or null when the page has no words
 * for it; for a refusal kept after its call (a collected survey that failed to send).
 */
export const useCodeText = () => {
  const { t, i18n } = useTranslation('errors');
  return (code: string | null | undefined, retryAfterSeconds?: number | null): string | null => {
    if (!code || !i18n.exists(`codes.${code}`, { ns: 'errors' })) return null;
    const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
    return t(`codes.${code as TranslatedCode}`, { minutes });
  };
};

/**
 * The text to show for a failed call: the server's stable `code` worded in the visitor's language
 * when the page knows it, else the server's message, else the call's fallback (spec §8).
 */
export const useErrorText = () => {
  const codeText = useCodeText();
  return (error: unknown, fallback: string): string => {
    if (!isApiError(error)) return fallback;
    return codeText(error.code, error.retryAfterSeconds) ?? error.message;
  };
};
