import { type SQL, type SQLWrapper, and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { albanianOrder } from '../../db/albanian-order';
import { type Bind, bindInline } from '../../db/prepared';
import { assets, datasets, media } from '../../db/schema/index';
import { matchesPattern, containsPattern } from '../../db/text-search';

/** A filter whose options are known to belong to its question (see resolveFilters in the service). */
export type ResolvedFilter = {
  questionId: number;
  optionIds: number[];
};

export type TextField = 'name' | 'municipality' | 'village' | 'comments' | 'adminNote';

/** Which assets a call is about; every field narrows (AND). */
export type AssetCriteria = {
  /** Approved assets of active datasets only: everyone but administrators. */
  publicOnly: boolean;
  datasetId?: number;
  surveyId?: number;
  status?: string;
  userId?: number;
  deviceId?: number;
  /** Each field contains its text (case- and accent-insensitive). */
  contains?: Partial<Record<TextField, string>>;
  /** Any of name, municipality, village contains it. */
  search?: string;
  dateFrom?: Date;
  /** Inclusive. */
  dateTo?: Date;
  /** Exclusive: the day after a date-only dateTo. */
  dateBefore?: Date;
  latMin?: number;
  latMax?: number;
  lngMin?: number;
  lngMax?: number;
  /** AND across filters, OR within one filter's options. */
  filters?: ResolvedFilter[];
  /** Has a medium of any of these types (the archive's content types); none or empty: no narrowing. */
  mediaTypes?: string[];
};

/** When and where: the bounds of the asset's date and of its coordinates. */
export type AssetRange = Pick<
  AssetCriteria,
  'dateFrom' | 'dateTo' | 'dateBefore' | 'latMin' | 'latMax' | 'lngMin' | 'lngMax'
>;

const RANGE_FIELDS = ['dateFrom', 'dateTo', 'dateBefore', 'latMin', 'latMax', 'lngMin', 'lngMax'] as const;

/** Whether any bound of date or place narrows. */
export const narrowsByRange = (range: AssetRange) => RANGE_FIELDS.some((field) => range[field] !== undefined);

export type AssetSort = {
  sortBy: 'date' | 'name' | 'viewCount' | 'municipality' | 'status';
  sortOrder: 'asc' | 'desc';
};

const textColumns = {
  name: assets.name,
  municipality: assets.municipality,
  village: assets.village,
  comments: assets.comments,
  adminNote: assets.adminNote,
} as const;

/** Approved assets of active datasets; needs `datasets` joined. */
export const publicVisibility = () => and(eq(assets.status, 'APPROVED'), eq(datasets.isActive, true));

/**
 * The WHERE of a criteria set (every query here joins datasets on the asset's dataset). Its SQL
 * depends on which criteria are set and on `publicOnly`, never on their values, which `bind` puts
 * in (see db/prepared.ts).
 */
export function assetWhere(criteria: AssetCriteria, bind: Bind = bindInline): SQL | undefined {
  const c = criteria;
  const search = c.search ? bind('search', containsPattern(c.search)) : undefined;
  return and(
    c.publicOnly ? publicVisibility() : undefined,
    c.datasetId === undefined ? undefined : eq(assets.datasetId, bind('datasetId', c.datasetId)),
    c.surveyId === undefined ? undefined : eq(assets.surveyId, bind('surveyId', c.surveyId)),
    c.status === undefined ? undefined : eq(assets.status, bind('status', c.status)),
    c.userId === undefined ? undefined : eq(assets.userId, bind('userId', c.userId)),
    c.deviceId === undefined ? undefined : eq(assets.deviceId, bind('deviceId', c.deviceId)),
    ...Object.entries(c.contains ?? {}).map(([field, text]) =>
      text
        ? matchesPattern(textColumns[field as TextField], bind(`contains_${field}`, containsPattern(text)))
        : undefined,
    ),
    search
      ? sql`(${matchesPattern(assets.name, search)} or ${matchesPattern(assets.municipality, search)} or ${matchesPattern(assets.village, search)})`
      : undefined,
    c.dateFrom === undefined ? undefined : gte(assets.date, bind('dateFrom', c.dateFrom)),
    c.dateTo === undefined ? undefined : lte(assets.date, bind('dateTo', c.dateTo)),
    c.dateBefore === undefined ? undefined : lt(assets.date, bind('dateBefore', c.dateBefore)),
    c.latMin === undefined ? undefined : gte(assets.latitude, bind('latMin', c.latMin)),
    c.latMax === undefined ? undefined : lte(assets.latitude, bind('latMax', c.latMax)),
    c.lngMin === undefined ? undefined : gte(assets.longitude, bind('lngMin', c.lngMin)),
    c.lngMax === undefined ? undefined : lte(assets.longitude, bind('lngMax', c.lngMax)),
    matchesFilters(c.filters ?? [], bind),
    c.mediaTypes?.length
      ? sql`exists (select 1 from ${media} where ${media.assetId} = ${assets.id} and ${media.type} = any(${bind('mediaTypes', c.mediaTypes)}::text[]))`
      : undefined,
  );
}

/**
 * The assets that chose one of each filter's options: AND across filters, OR within one. Each
 * filter is an overlap test on the asset's own option_ids (kept by a trigger on answers, which
 * also maps answers stored without an option id to the option with their value), so all the
 * filters together are one GIN index scan whose cost follows the matching assets, not the
 * thousands of answers each option has.
 */
function matchesFilters(filters: ResolvedFilter[], bind: Bind): SQL | undefined {
  if (filters.length === 0) return undefined;
  return and(
    ...filters.map((filter, i) => sql`${assets.optionIds} && ${bind(`filter_${i}`, filter.optionIds)}::integer[]`),
  );
}

export function orderOf({ sortBy, sortOrder }: AssetSort): SQL[] {
  const direction = sortOrder === 'desc' ? desc : asc;
  // Names in the Albanian alphabet; missing ones go last whichever the direction.
  const text = (column: SQLWrapper) =>
    sql`${albanianOrder(column)} ${sql.raw(sortOrder === 'desc' ? 'desc' : 'asc')} nulls last`;
  const first = {
    date: direction(assets.date),
    name: text(assets.name),
    municipality: text(assets.municipality),
    viewCount: direction(assets.viewCount),
    status: direction(assets.status),
  }[sortBy];
  // The id makes the order total, so pages neither repeat nor skip an asset.
  return sortBy === 'date' ? [first, direction(assets.id)] : [first, desc(assets.date), direction(assets.id)];
}

/**
 * Whether the criteria narrow by nothing but those named: every other one is unset or empty (a
 * criterion added later included).
 */
export function narrowsOnlyBy(criteria: AssetCriteria, named: ReadonlySet<keyof AssetCriteria>): boolean {
  const isEmpty = (value: unknown): boolean =>
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (value !== null && typeof value === 'object' && !(value instanceof Date) && Object.values(value).every(isEmpty));
  return Object.entries(criteria).every(([key, value]) => named.has(key as keyof AssetCriteria) || isEmpty(value));
}
