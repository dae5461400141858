import enAuth from '../apps/web/src/locales/en/auth.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import enErrors from '../apps/web/src/locales/en/errors.json' with { type: 'json' };
import enPublic from '../apps/web/src/locales/en/public.json' with { type: 'json' };
import xkAuth from '../apps/web/src/locales/xk/auth.json' with { type: 'json' };
import xkErrors from '../apps/web/src/locales/xk/errors.json' with { type: 'json' };
import xkCommon from '../apps/web/src/locales/xk/common.json' with { type: 'json' };
import xkPublic from '../apps/web/src/locales/xk/public.json' with { type: 'json' };

/** The journeys read the interface texts from the app's own locale files, as a visitor reads the page. */
export const xk = { auth: xkAuth, common: xkCommon, errors: xkErrors, public: xkPublic };
export const en = { auth: enAuth, common: enCommon, errors: enErrors, public: enPublic };

/** A text of the locale files with its {{placeholders}} filled in, as the page shows it. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name]));

/** The text as a pattern that matches it letter for letter. */
export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
