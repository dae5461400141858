import type { Page } from '@playwright/test';
import xkSurveys from '../apps/web/src/locales/xk/surveys.json' with { type: 'json' };

/** A text of the locale files with its {{placeholders}} filled in, as the page shows it. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name]));

/** The text as a pattern that matches it letter for letter. */
export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The survey editor's card of question `nr` (its heading reads 'Pyetja 1.2: title'). */
export const card = (page: Page, nr: string) =>
  page.getByRole('article', { name: new RegExp(`^${escape(fill(xkSurveys.builder.cardLabel, { nr, title: '' }))}`) });
