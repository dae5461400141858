import type { Page } from '@playwright/test';
import xkSurveys from '../apps/web/src/locales/xk/surveys.json' with { type: 'json' };
import { escape, fill } from './texts';

/** The survey editor's card of question `nr` (its heading reads 'Pyetja 1.2: title'). */
export const card = (page: Page, nr: string) =>
  page.getByRole('article', { name: new RegExp(`^${escape(fill(xkSurveys.builder.cardLabel, { nr, title: '' }))}`) });
