import { MEDIA_TYPES, type MediaType } from '@trashegimia/contract/assets';
import type { DatasetFilter } from '@trashegimia/contract/datasets';
import {
  filterableQuestions,
  parseFilterParams,
  serializeFilterParams,
  type ChosenFilters,
} from '@/shared/filters/asset-query';

/** The archive pages 8 assets at a time (spec §9). */
export const ARCHIVE_PAGE_SIZE = 8;

/** Popular (most viewed first) is the default; alphabetical is by name. */
export type ArchiveSort = 'popular' | 'alphabetical';

/** What the archive shows, kept in the address so a view can be shared, reloaded and gone back to. */
export type ArchiveView = {
  datasetId: number | null;
  /** Question id → chosen option ids, for the chosen dataset's questions. */
  chosen: ChosenFilters;
  /** The content types ticked; none means every type (any asset with media). */
  mediaTypes: MediaType[];
  sort: ArchiveSort;
  page: number;
};

const PARAM = { dataset: 'dataset', type: 'type', filter: 'f', sort: 'sort', page: 'page' } as const;

const positiveInteger = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

export const readArchiveView = (params: URLSearchParams): ArchiveView => {
  const datasetId = positiveInteger(params.get(PARAM.dataset));
  const types = new Set((params.get(PARAM.type) ?? '').split(','));
  return {
    datasetId,
    // Filters belong to a dataset's questions: without a dataset there are none.
    chosen: datasetId === null ? {} : parseFilterParams(params.getAll(PARAM.filter)),
    mediaTypes: MEDIA_TYPES.filter((type) => types.has(type)),
    sort: params.get(PARAM.sort) === 'alphabetical' ? 'alphabetical' : 'popular',
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
  };
};

/** Defaults are left out, so the plain archive's address is just /archive. */
export const writeArchiveView = (view: ArchiveView): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.datasetId !== null) {
    params.set(PARAM.dataset, String(view.datasetId));
    for (const value of serializeFilterParams(view.chosen)) params.append(PARAM.filter, value);
  }
  if (view.mediaTypes.length > 0) params.set(PARAM.type, view.mediaTypes.join(','));
  if (view.sort !== 'popular') params.set(PARAM.sort, view.sort);
  if (view.page > 1) params.set(PARAM.page, String(view.page));
  return params;
};

/** The archive filters by every choice question of the dataset except the municipality (spec §2). */
export const archiveQuestions = (items: DatasetFilter[]): DatasetFilter[] =>
  filterableQuestions(items).filter(({ question }) => question.questionIdentifier !== 'MUNICIPALITY_NAME');
