import { z } from 'zod';
import { clearableText, Id, localized, PageQuery, pageOf, plainText, QueryFlag, SortOrder } from './common';

export const DatasetStats = z.object({
  totalResponses: z.number().int(),
  /**
   * Administrators only: how many of totalResponses the public does not see (not approved, or all
   * of an inactive dataset).
   */
  notPublicResponses: z.number().int().optional(),
  totalSurveys: z.number().int(),
  activeSurveys: z.number().int(),
  totalQuestions: z.number().int(),
});
export type DatasetStats = z.infer<typeof DatasetStats>;

/**
 * A dataset category. Its names in the three languages are `nameXk`, `nameEn`, `nameSr`, picked by
 * the contract's rule (`localize`); `name` is the Albanian one, which clients written before the
 * three names read. `description` is the one for the request's language.
 */
export const Dataset = z
  .object({
    id: z.number().int(),
    pillColor: z.string().nullable(),
    isActive: z.boolean(),
    stats: DatasetStats,
  })
  .extend(localized('name').shape)
  .extend({ name: z.string(), nameXk: z.string() })
  .extend(localized('description').shape);
export type Dataset = z.infer<typeof Dataset>;

/**
 * One dataset as its page reads it: with `lastUpdate`, when its published data last changed (the
 * newest change of an approved asset or of the dataset itself; null when it has none), the date a
 * citation of it names.
 */
export const DatasetDetail = Dataset.extend({ lastUpdate: z.iso.datetime({ offset: true }).nullable() });
export type DatasetDetail = z.infer<typeof DatasetDetail>;

export const DatasetSortBy = z.enum(['id', 'name', 'totalResponses']);

export const DatasetListQuery = PageQuery.extend({
  /** Honoured for admins only; everyone else sees active datasets. */
  includeInactive: QueryFlag.optional(),
  /** Over the three names and the three descriptions. */
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
const albanianName = plainText(200).min(1);
const optionalName = clearableText(200);

/** The names a body may send: the Albanian one under `nameXk`, or under `name` as older clients do. */
const datasetNames = {
  nameXk: albanianName.optional(),
  /** The Albanian name as clients written before `nameXk` send it; `nameXk` wins when both come. */
  name: albanianName.optional(),
  nameEn: optionalName,
  nameSr: optionalName,
};

/** `name` folded into `nameXk`, so the server reads the Albanian name from one field. */
const albanianNameOf = <Body extends { nameXk?: string | undefined; name?: string | undefined }>({
  name,
  nameXk,
  ...body
}: Body) => ({ ...body, nameXk: nameXk ?? name });

/** POST /datasets: the Albanian name is required; the colour defaults to black and the dataset to active. */
export const CreateDatasetBody = z
  .object({
    ...datasetNames,
    descriptionXk: optionalDescription,
    descriptionEn: optionalDescription,
    descriptionSr: optionalDescription,
    pillColor: PillColor.default(DEFAULT_PILL_COLOR),
    isActive: z.boolean().default(true),
  })
  .transform((body, context) => {
    const { nameXk, ...rest } = albanianNameOf(body);
    if (nameXk === undefined) {
      context.addIssue({ code: 'invalid_type', expected: 'string', path: ['nameXk'], message: 'is required' });
      return z.NEVER;
    }
    return { ...rest, nameXk };
  });
export type CreateDatasetBody = z.input<typeof CreateDatasetBody>;

/** PATCH /datasets/{id}: only the fields sent change; the Albanian name cannot be cleared, the others can. */
export const UpdateDatasetBody = z
  .object({
    ...datasetNames,
    descriptionXk: optionalDescription,
    descriptionEn: optionalDescription,
    descriptionSr: optionalDescription,
    pillColor: PillColor.optional(),
    isActive: z.boolean().optional(),
  })
  .transform(albanianNameOf);
export type UpdateDatasetBody = z.input<typeof UpdateDatasetBody>;
