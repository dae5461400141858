import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import { htmlLangFor, resolveStoredLanguage, toLanguage } from './language';

const withBrowserLanguages = (languages: string[]) => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
};

describe('language rules', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.lang = 'sq';
  });

  it('maps browser and page tags to the product codes', () => {
    expect(toLanguage('sq')).toBe('xk');
    expect(toLanguage('sq-AL')).toBe('xk');
    expect(toLanguage('sq_XK')).toBe('xk');
    expect(toLanguage('sr-Latn-RS')).toBe('sr');
    expect(toLanguage('sr')).toBe('sr');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('xk')).toBe('xk');
    expect(toLanguage('de-DE')).toBeNull();
    expect(toLanguage('')).toBeNull();
  });

  it('replaces a stored language other than xk, en or sr by xk', () => {
    expect(resolveStoredLanguage('en')).toBe('en');
    expect(resolveStoredLanguage('de')).toBe('xk');
    expect(resolveStoredLanguage('sq')).toBe('xk');
    expect(resolveStoredLanguage(null)).toBeNull();
  });

  it('sets <html lang> to sq, en or sr-Latn', () => {
    expect(htmlLangFor('xk')).toBe('sq');
    expect(htmlLangFor('en')).toBe('en');
    expect(htmlLangFor('sr')).toBe('sr-Latn');
  });

  it('lets the stored choice win over the browser', () => {
    withBrowserLanguages(['en-US', 'en']);
    localStorage.setItem('language', 'sr');
    const i18n = createI18n();
    expect(i18n.language).toBe('sr');
    expect(document.documentElement.lang).toBe('sr-Latn');
  });

  it('replaces an unknown stored language by xk, even when the browser prefers another', () => {
    withBrowserLanguages(['en-US']);
    localStorage.setItem('language', 'fr');
    const i18n = createI18n();
    expect(i18n.language).toBe('xk');
    expect(localStorage.getItem('language')).toBe('xk');
    expect(document.documentElement.lang).toBe('sq');
  });

  it('maps a browser asking for sq to xk and remembers it', () => {
    withBrowserLanguages(['sq-AL', 'en']);
    const i18n = createI18n();
    expect(i18n.language).toBe('xk');
    expect(localStorage.getItem('language')).toBe('xk');
  });

  it('maps a Serbian browser to sr', () => {
    withBrowserLanguages(['sr-Latn-RS']);
    expect(createI18n().language).toBe('sr');
  });

  it('falls back to the page language, then to xk', () => {
    withBrowserLanguages(['de-DE']);
    document.documentElement.lang = 'en';
    expect(createI18n().language).toBe('en');
    localStorage.clear();
    document.documentElement.lang = 'fr';
    expect(createI18n().language).toBe('xk');
  });

  it('remembers a changed language and updates <html lang>', async () => {
    withBrowserLanguages(['sq']);
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps the choice in a cookie too, for the server to name its texts in the page', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('sr');
    expect(document.cookie).toContain('language=sr');
  });

  it("writes a returning visitor's stored choice to the cookie on load, so the server preloads its texts", () => {
    document.cookie = 'language=; path=/; max-age=0';
    localStorage.setItem('language', 'en');
    createI18n();
    expect(document.cookie.split('; ')).toContain('language=en');
  });
});
