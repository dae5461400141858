import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector, { type CustomDetector } from 'i18next-browser-languagedetector';
import {
  DEFAULT_LANGUAGE,
  htmlLangFor,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  resolveStoredLanguage,
  toLanguage,
  type Language,
} from './language';
import { DEFAULT_NAMESPACE, loadResources } from './resources';

const readStorage = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};
const writeStorage = (key: string, value: string) => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode, quota); the choice then lasts for this page only.
  }
};

/** Rendering on the server there is no page, cookie or storage of the visitor's: nothing to keep in step. */
const hasDocument = () => typeof document !== 'undefined';

/**
 * Keeps the choice in storage, and in a cookie for the server: it names the language's texts in the
 * page it sends (web-app.ts), so they download beside the app's code instead of after it has run.
 */
const rememberLanguage = (language: string) => {
  if (!hasDocument()) return;
  writeStorage(LANGUAGE_STORAGE_KEY, language);
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
};

/**
 * The visitor's stored choice under `language`. A stored value we do not offer is replaced by the
 * default right away (spec §1), so it wins over the browser's languages instead of falling through.
 */
const storedChoiceDetector: CustomDetector = {
  name: 'storedChoice',
  lookup() {
    const stored = readStorage(LANGUAGE_STORAGE_KEY);
    const language = resolveStoredLanguage(stored);
    if (language && language !== stored) rememberLanguage(language);
    return language ?? undefined;
  },
  cacheUserLanguage: rememberLanguage,
};

const syncDocumentLanguage = (language: string) => {
  if (!hasDocument()) return;
  const code = toLanguage(language) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = htmlLangFor(code);
};

const INIT_OPTIONS = {
  resources: {},
  // The texts are added per language as they load; there is no backend to ask for the rest.
  partialBundledLanguages: true,
  defaultNS: DEFAULT_NAMESPACE,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;

/**
 * Builds an initialised i18next instance, without texts: {@link loadLanguage} adds a language's.
 * Detection order: stored choice, browser, page (spec §1); browser and page tags are mapped to our
 * codes (`sq-AL` → xk, `sr-Latn` → sr, `en-GB` → en).
 */
export const createI18n = (): I18n => {
  const detector = new LanguageDetector();
  detector.addDetector(storedChoiceDetector);

  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLanguage);
  void instance.use(detector).init({
    ...INIT_OPTIONS,
    detection: {
      order: ['storedChoice', 'navigator', 'htmlTag'],
      caches: ['storedChoice'],
      convertDetectedLanguage: (tag: string) => toLanguage(tag) ?? tag,
    },
  });
  return instance;
};

export const i18n = createI18n();

/** The language the interface speaks now, as the API's `language` header wants it. */
export const getCurrentLanguage = (): Language =>
  toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

/** Adds a language's texts to the instance, fetching them the first time. */
export const loadLanguage = async (language: Language, instance: I18n = i18n) => {
  if (instance.hasResourceBundle(language, DEFAULT_NAMESPACE)) return;
  const texts = await loadResources[language]();
  for (const [namespace, bundle] of Object.entries(texts)) {
    instance.addResourceBundle(language, namespace, bundle, true, true);
  }
};

/**
 * An instance that speaks `language`, its texts loaded, for rendering one request on the server:
 * the request names the language, so nothing is detected or remembered.
 */
export const createI18nFor = async (language: Language): Promise<I18n> => {
  const instance = i18next.createInstance();
  await instance.init({ ...INIT_OPTIONS, lng: language });
  await loadLanguage(language, instance);
  // Chosen again now that its texts are there: at init the language had none, so i18next resolved
  // to the fallback, and what reads `resolvedLanguage` (dataset names) would be Albanian.
  await instance.changeLanguage(language);
  return instance;
};

/** Switches the interface language once its texts are there, so nothing shows untranslated keys. */
export const changeLanguage = async (language: Language) => {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
};
