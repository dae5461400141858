import { compareAlbanian } from '@trashegimia/contract/albanian-order';
import type { Dataset } from '@trashegimia/contract/datasets';
import type { Language } from '@/shared/i18n/language';
import { datasetNameIn } from '@/shared/i18n/localized-text';

/** 'A - ZH' (by name, in the Albanian alphabet as the server sorts names) or 'Më të shikuarat' (by total responses). */
export type DatasetSort = 'alphabetical' | 'mostViewed';

/** Case- and accent-blind text for search: 'Pejë' matches 'peje'. */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** By the names the visitor reads, in the interface language. */
export const sortDatasets = (datasets: Dataset[], sort: DatasetSort, language: Language) => {
  const byName = (a: Dataset, b: Dataset) => compareAlbanian(datasetNameIn(a, language), datasetNameIn(b, language));
  return [...datasets].sort((a, b) =>
    sort === 'mostViewed' ? b.stats.totalResponses - a.stats.totalResponses || byName(a, b) : byName(a, b),
  );
};
