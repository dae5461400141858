import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Grecaptcha } from './load-recaptcha';

// The loader keeps one load per page, so each test takes a fresh copy of the module.
const freshLoader = async () => {
  vi.resetModules();
  return import('./load-recaptcha');
};

const recaptchaScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.startsWith('https://www.google.com/'));

const fakeGrecaptcha = (): Grecaptcha => ({ ready: (callback) => callback(), render: () => 0, reset: () => {} });

describe('reCAPTCHA script loader', () => {
  beforeEach(() => recaptchaScripts().forEach((script) => script.remove()));
  afterEach(() => {
    delete window.grecaptcha;
  });

  it("adds Google's script once, explicit rendering, in reCAPTCHA's code for the language", async () => {
    const { loadRecaptcha } = await freshLoader();
    const first = loadRecaptcha('xk');
    const second = loadRecaptcha('en');
    expect(second).toBe(first);
    expect(recaptchaScripts()).toHaveLength(1);
    expect(recaptchaScripts()[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=explicit&hl=sq');
  });

  it("uses Google's codes for English and Serbian", async () => {
    const { recaptchaScriptUrl } = await freshLoader();
    expect(recaptchaScriptUrl('en')).toBe('https://www.google.com/recaptcha/api.js?render=explicit&hl=en');
    expect(recaptchaScriptUrl('sr')).toBe('https://www.google.com/recaptcha/api.js?render=explicit&hl=sr');
  });

  it('resolves with grecaptcha once it is ready', async () => {
    const { loadRecaptcha } = await freshLoader();
    const loading = loadRecaptcha('en');
    const grecaptcha = fakeGrecaptcha();
    let whenReady: (() => void) | undefined;
    grecaptcha.ready = (callback) => {
      whenReady = callback;
    };
    window.grecaptcha = grecaptcha;
    recaptchaScripts()[0]?.dispatchEvent(new Event('load'));

    const settled = vi.fn();
    void loading.then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    whenReady?.();
    await expect(loading).resolves.toBe(grecaptcha);
  });

  it('rejects when the script cannot be loaded, and keeps that answer', async () => {
    const { loadRecaptcha } = await freshLoader();
    const loading = loadRecaptcha('en');
    recaptchaScripts()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('reCAPTCHA could not be loaded');
    expect(loadRecaptcha('en')).toBe(loading);
    expect(recaptchaScripts()).toHaveLength(1);
  });
});
