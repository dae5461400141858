import { z } from 'zod';
import { clearableText, Id, localized, PageQuery, pageOf, plainText, QueryFlag, SortOrder } from './common';

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

/** The pill colour a dataset gets when none is chosen (spec §9). */
export const DEFAULT_PILL_COLOR = '#000000';

/** `#rgb` or `#rrggbb`. */
export const PillColor = z
  .string()
  .trim()
  .regex(/^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/, 'must be a hex colour such as #1A7F5A');

const optionalDescription = clearableText(2000);

/** POST /datasets: a name is required; the colour defaults to black and the dataset to active. */
export const CreateDatasetBody = z.object({
  name: plainText(200).min(1),
  descriptionXk: optionalDescription,
  descriptionEn: optionalDescription,
  descriptionSr: optionalDescription,
  pillColor: PillColor.default(DEFAULT_PILL_COLOR),
  isActive: z.boolean().default(true),
});
export type CreateDatasetBody = z.input<typeof CreateDatasetBody>;

/** PATCH /datasets/{id}: only the fields sent change; the name cannot be cleared. */
export const UpdateDatasetBody = z.object({
  name: plainText(200).min(1).optional(),
  descriptionXk: optionalDescription,
  descriptionEn: optionalDescription,
  descriptionSr: optionalDescription,
  pillColor: PillColor.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateDatasetBody = z.input<typeof UpdateDatasetBody>;
