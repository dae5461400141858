import { z } from 'zod';
import { Id, localized, PageQuery, pageOf, QueryFlag, SortOrder } from './common';

export const DatasetStats = z.object({
  totalResponses: z.number().int(),
  totalSurveys: z.number().int(),
  activeSurveys: z.number().int(),
  totalQuestions: z.number().int(),
});
export type DatasetStats = z.infer<typeof DatasetStats>;

/** A dataset category; `description` is the one for the request's language. */
export const Dataset = z
  .object({
    id: z.number().int(),
    name: z.string(),
    pillColor: z.string().nullable(),
    isActive: z.boolean(),
    stats: DatasetStats,
  })
  .extend(localized('description').shape);
export type Dataset = z.infer<typeof Dataset>;

export const DatasetSortBy = z.enum(['id', 'name', 'totalResponses']);

export const DatasetListQuery = PageQuery.extend({
  /** Honoured for admins only; everyone else sees active datasets. */
  includeInactive: QueryFlag.optional(),
  /** Over the name and the three descriptions. */
  search: z.string().trim().max(200).optional(),
  sortBy: DatasetSortBy.default('id'),
  sortOrder: SortOrder.default('asc'),
});
export type DatasetListQuery = z.input<typeof DatasetListQuery>;

export const DatasetList = pageOf(Dataset);
export type DatasetList = z.infer<typeof DatasetList>;

export const DatasetStatsQuery = PageQuery.extend({
  /** Comma-joined dataset ids, e.g. `1,2,5`. */
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids must be comma-joined dataset ids')
    .transform((ids) => ids.split(',').map(Number))
    .optional(),
});
export type DatasetStatsQuery = z.input<typeof DatasetStatsQuery>;

export const DatasetStatsItem = z.object({ dataset: Dataset.omit({ stats: true }), stats: DatasetStats });
export const DatasetStatsList = pageOf(DatasetStatsItem);
export type DatasetStatsList = z.infer<typeof DatasetStatsList>;

export const DatasetParams = z.object({ id: Id });

export const FilterQuestionType = z.enum(['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'DROPDOWN', 'SELECT_AND_TEXT']);

export const FilterOption = z
  .object({ id: z.number().int(), value: z.string() })
  .extend(localized('description').shape);
export type FilterOption = z.infer<typeof FilterOption>;

/** One choice question of the dataset's surveys, offered as a filter (spec §3 'Dataset filter item'). */
export const DatasetFilter = z.object({
  question: z
    .object({
      id: z.number().int(),
      questionType: FilterQuestionType,
      /** e.g. MUNICIPALITY_NAME; null for ordinary questions. */
      questionIdentifier: z.string().nullable(),
      questionOptions: z.array(FilterOption),
    })
    .extend(localized('title').shape),
});
export type DatasetFilter = z.infer<typeof DatasetFilter>;

export const DatasetFilters = z.object({ items: z.array(DatasetFilter) });
export type DatasetFilters = z.infer<typeof DatasetFilters>;
