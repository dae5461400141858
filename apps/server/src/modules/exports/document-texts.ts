import type { Language } from '@trashegimia/contract/common';
import type { DataTerms } from './export-types';
// The interface texts live in one place, the web app's locale files; the server bundles this namespace.
import en from '../../../../web/src/locales/en/documents.json';
import sr from '../../../../web/src/locales/sr/documents.json';
import xk from '../../../../web/src/locales/xk/documents.json';

/** The `documents` namespace, typed against English; the web's parity test keeps xk and sr in step. */
export type DocumentTexts = typeof en;

const TEXTS: Record<Language, DocumentTexts> = { xk, en, sr };

/** BCP 47 locales for dates and numbers: `xk` is Albanian as written in Kosovo, `sr` is Serbian in Latin script. */
const LOCALES: Record<Language, string> = { xk: 'sq-XK', en: 'en-GB', sr: 'sr-Latn-RS' };

/** Kosovo's clock: dates in documents are the day and hour as they were on site. */
export const DOCUMENT_TIME_ZONE = 'Europe/Belgrade';

export function documentTexts(language: Language): DocumentTexts {
  return TEXTS[language];
}

/**
 * 'Dataset last updated on 28 November 2026', when there is such a day, 'Licence: CC BY 4.0
 * (https://…)', and 'How to cite: …' when there is a citation.
 */
export function dataTermsLines({ licence, lastUpdate, citation }: DataTerms, language: Language): string[] {
  const texts = documentTexts(language);
  return [
    ...(lastUpdate ? [fill(texts.lastUpdate, { date: formatLongDate(lastUpdate, language) })] : []),
    fill(texts.licence, { name: licence.name, url: licence.url }),
    ...(citation ? [`${texts.citation.title}: ${citation}`] : []),
  ];
}

/** How to cite a dataset: its name, the site, the address of its page (`pageUrl`) and the day it was read. */
export function datasetCitation(datasetName: string, pageUrl: string, accessed: Date, language: Language): string {
  const texts = documentTexts(language);
  return fill(texts.citation.dataset, {
    dataset: datasetName,
    site: texts.platform,
    url: pageUrl,
    accessed: formatLongDate(accessed, language),
  });
}

/** Fills i18next-style `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** '3 maj 2024', '3 May 2024', '3. maj 2024.' */
export function formatLongDate(date: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: DOCUMENT_TIME_ZONE }).format(
    new Date(date),
  );
}

/** A date with the time of day, for 'generated on'. */
export function formatDateTime(date: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: DOCUMENT_TIME_ZONE,
  }).format(new Date(date));
}

/** A count with the language's digit grouping: 12 345, 12,345, 12.345. */
export function formatCount(count: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(count);
}
