import type { Dataset } from '@trashegimia/contract/datasets';
import { intlLocaleFor } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';

/** 'A - ZH' (by name, in the language's alphabet) or 'Më të shikuarat' (by total responses). */
export type DatasetSort = 'alphabetical' | 'mostViewed';

/** Case- and accent-blind text for search: 'Pejë' matches 'peje'. */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

export const sortDatasets = (datasets: Dataset[], sort: DatasetSort, language: Language) => {
  const collator = new Intl.Collator(intlLocaleFor(language), { sensitivity: 'base' });
  return [...datasets].sort((a, b) =>
    sort === 'mostViewed'
      ? b.stats.totalResponses - a.stats.totalResponses || collator.compare(a.name, b.name)
      : collator.compare(a.name, b.name),
  );
};
