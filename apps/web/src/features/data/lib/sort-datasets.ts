import { compareAlbanian } from '@trashegimia/contract/albanian-order';
import type { Dataset } from '@trashegimia/contract/datasets';

/** 'A - ZH' (by name, in the Albanian alphabet as the server sorts names) or 'Më të shikuarat' (by total responses). */
export type DatasetSort = 'alphabetical' | 'mostViewed';

/** Case- and accent-blind text for search: 'Pejë' matches 'peje'. */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

export const sortDatasets = (datasets: Dataset[], sort: DatasetSort) =>
  [...datasets].sort((a, b) =>
    sort === 'mostViewed'
      ? b.stats.totalResponses - a.stats.totalResponses || compareAlbanian(a.name, b.name)
      : compareAlbanian(a.name, b.name),
  );
