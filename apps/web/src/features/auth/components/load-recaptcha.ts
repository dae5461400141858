import type { Language } from '@/shared/i18n/language';

/** What `grecaptcha.render` takes for the v2 checkbox (developers.google.com/recaptcha/docs/display). */
export type RecaptchaRenderParameters = {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
};

/** The part of Google's `window.grecaptcha` (reCAPTCHA v2) this page uses. */
export type Grecaptcha = {
  ready: (callback: () => void) => void;
  render: (container: HTMLElement, parameters: RecaptchaRenderParameters) => number;
  reset: (widgetId?: number) => void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
/** api.js may load while the widget code it fetches from www.gstatic.com does not; give up then. */
const READY_TIMEOUT_MS = 20_000;

/**
 * reCAPTCHA's `hl` per interface language (cloud.google.com/recaptcha/docs/language). Albanian is
 * not on Google's list; `sq` is sent anyway and Google falls back to its default when it lacks it.
 * Google lists only `sr` for Serbian (no `sr-Latn`), so the widget may write Serbian in Cyrillic.
 */
const RECAPTCHA_LANGUAGE: Record<Language, string> = { xk: 'sq', en: 'en', sr: 'sr' };

export const recaptchaScriptUrl = (language: Language) =>
  `${SCRIPT_URL}?${new URLSearchParams({ render: 'explicit', hl: RECAPTCHA_LANGUAGE[language] })}`;

let loading: Promise<Grecaptcha> | null = null;

/**
 * Adds Google's api.js to the page once (a script element made from code: the CSP allows no inline
 * script) and resolves with `grecaptcha` once it is ready. The language is the one of the first
 * call: api.js cannot be loaded twice, so a later language change applies after a page reload.
 * A failure is kept, not retried: the page's text asks the visitor to reload.
 */
export const loadRecaptcha = (language: Language): Promise<Grecaptcha> => {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => reject(new Error('reCAPTCHA did not become ready')), READY_TIMEOUT_MS);
    const fail = (message: string) => {
      window.clearTimeout(timer);
      reject(new Error(message));
    };
    script.addEventListener('load', () => {
      const grecaptcha = window.grecaptcha;
      if (typeof grecaptcha?.ready !== 'function') return fail('reCAPTCHA loaded without grecaptcha');
      grecaptcha.ready(() => {
        window.clearTimeout(timer);
        resolve(grecaptcha);
      });
    });
    script.addEventListener('error', () => fail('reCAPTCHA could not be loaded'));
    script.src = recaptchaScriptUrl(language);
    script.async = true;
    document.head.appendChild(script);
  });
  return loading;
};
