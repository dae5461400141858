import { z } from 'zod';
import { clearableText, Id, localized, PageMeta, PageQuery, pageOf, SortOrder } from './common';

export const ASSET_STATUSES = ['UPLOADED', 'APPROVED', 'REJECTED', 'PASSIVE'] as const;
export const AssetStatus = z.enum(ASSET_STATUSES);
export type AssetStatus = z.infer<typeof AssetStatus>;

export const RiskLevel = z.enum(['high', 'medium', 'low']);
export type RiskLevel = z.infer<typeof RiskLevel>;

export const MEDIA_TYPES = ['PHOTO', 'VIDEO', 'AUDIO', 'PDF', 'THREE_D', 'THREE_SIXTY_VIDEO'] as const;
export const MediaType = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof MediaType>;

/**
 * An asset as lists show it (the spec's 'survey asset (respondent)'). `datasetName` is its
 * dataset's name in the request's language, else the Albanian one; `datasetNameXk/En/Sr` are the
 * three, so a page can switch language without asking again.
 */
export const AssetSummary = z.object({
  id: z.uuid(),
  surveyId: z.number().int(),
  datasetId: z.number().int(),
  ...localized('datasetName').shape,
  datasetName: z.string(),
  datasetNameXk: z.string(),
  uniqueId: z.string(),
  name: z.string().nullable(),
  municipality: z.string().nullable(),
  village: z.string().nullable(),
  assetType: z.string().nullable(),
  usability: z.string().nullable(),
  access: z.string().nullable(),
  risk: z.string().nullable(),
  riskLevel: RiskLevel,
  date: z.iso.datetime({ offset: true }),
  /** Latitude (the spec's name). */
  locationAlt: z.number().nullable(),
  /** Longitude (the spec's name). */
  locationLong: z.number().nullable(),
  status: AssetStatus,
  comments: z.string().nullable(),
  /** Shown to admins only; null for everyone else. */
  adminNote: z.string().nullable(),
  /** Who collected it, and with which device: shown to admins only; null for everyone else. */
  userId: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  viewCount: z.number().int(),
  /** A signed, expiring URL of the asset's first photo. */
  photoUrl: z.string().nullable(),
  /** The media types the asset has (the archive's content-type filter). */
  mediaTypes: z.array(MediaType),
});
export type AssetSummary = z.infer<typeof AssetSummary>;

export const AssetList = pageOf(AssetSummary).extend({
  meta: PageMeta.extend({
    /** Administrators only: how many of totalItems the public does not see (not approved, or of an inactive dataset). */
    notPublic: z.number().int().optional(),
  }),
});
export type AssetList = z.infer<typeof AssetList>;

export const AnswerDetail = z
  .object({
    questionId: z.number().int(),
    questionNr: z.string(),
    questionType: z.string().nullable(),
    questionIdentifier: z.string().nullable(),
    optionId: z.number().int().nullable(),
    value: z.string().nullable(),
    value2: z.string().nullable(),
  })
  .extend(localized('title').shape)
  .extend(localized('optionDescription').shape);
export type AnswerDetail = z.infer<typeof AnswerDetail>;

export const AssetDetail = AssetSummary.extend({
  /** In question order; a multiple-choice question has one entry per chosen option. */
  answers: z.array(AnswerDetail),
  /** For administrators only: the version an edit (PATCH /surveys/assets/{id}) must name. */
  version: z.number().int().optional(),
});
export type AssetDetail = z.infer<typeof AssetDetail>;

export const AssetParams = z.object({ id: z.uuid() });

export const AssetSortBy = z.enum(['date', 'name', 'viewCount', 'municipality', 'status']);

/** A day (2024-05-31) or an instant with its offset, within years a register can hold. */
const QueryDate = z.iso
  .date()
  .or(z.iso.datetime({ offset: true }))
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 1000 && year <= 2999;
  }, 'must be a date between the years 1000 and 2999');

/**
 * The archive's content types in a query: comma-joined (`PHOTO,PDF`) or repeated
 * (`mediaTypes=PHOTO&mediaTypes=PDF`). An asset passes when it has any of them.
 */
const MediaTypesQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => [...new Set([value].flat().flatMap((part) => part.split(',')))])
  .pipe(z.array(MediaType));

/**
 * When and where: the asset's date from and to (a date-only `dateTo` includes that whole day, UTC),
 * and a box of coordinates (the map's view). Each bound narrows on its own.
 */
export const AssetRangeQuery = z.object({
  dateFrom: QueryDate.optional(),
  dateTo: QueryDate.optional(),
  latMin: z.coerce.number().min(-90).max(90).optional(),
  latMax: z.coerce.number().min(-90).max(90).optional(),
  lngMin: z.coerce.number().min(-180).max(180).optional(),
  lngMax: z.coerce.number().min(-180).max(180).optional(),
});
export type AssetRangeQuery = z.input<typeof AssetRangeQuery>;

/** GET /surveys/assets: every parameter of the spec, and the archive's content types. */
export const AssetListQuery = PageQuery.extend({
  surveyId: Id.optional(),
  datasetId: Id.optional(),
  status: AssetStatus.optional(),
  userId: Id.optional(),
  deviceId: Id.optional(),
  name: z.string().trim().max(200).optional(),
  municipality: z.string().trim().max(200).optional(),
  village: z.string().trim().max(200).optional(),
  comments: z.string().trim().max(200).optional(),
  adminNote: z.string().trim().max(200).optional(),
  ...AssetRangeQuery.shape,
  mediaTypes: MediaTypesQuery.optional(),
  sortBy: AssetSortBy.default('date'),
  sortOrder: SortOrder.default('desc'),
});
export type AssetListQuery = z.input<typeof AssetListQuery>;

/** GET /surveys/dataset-respondents: a dataset's assets with an optional text search. */
export const RespondentListQuery = PageQuery.extend({
  /** Without it the answer is an empty list (spec §7). */
  datasetId: Id.optional(),
  /** Over name, municipality and village. */
  search: z.string().trim().max(200).optional(),
  ...AssetRangeQuery.shape,
  sortBy: AssetSortBy.default('date'),
  sortOrder: SortOrder.default('desc'),
});
export type RespondentListQuery = z.input<typeof RespondentListQuery>;

/** An id inside a JSON body: a number already, so the inferred input type says `number`, not `unknown`. */
const BodyId = z.number().int().positive();

/** One question's chosen options; options of one question combine with OR, questions with AND. */
export const FilterSelection = z.object({
  questionId: BodyId,
  questionOptionIds: z.array(BodyId).max(1000).default([]),
  questionOptionValues: z.array(z.string().max(500)).max(1000).default([]),
});
export type FilterSelection = z.input<typeof FilterSelection>;

export const FilterPage = z.enum(['ANALYTICS', 'DATASET_DETAILS', 'INTERACTIVE_MAP', 'ARCHIVE']);

/** POST /surveys/dataset-respondents: the filtered lookup. */
export const RespondentFilterBody = z.object({
  datasetId: Id,
  filters: z.array(FilterSelection).max(100).default([]),
  filterPage: FilterPage.optional(),
  /** The archive's content types: an asset passes when it has any of them. */
  mediaTypes: z.array(MediaType).max(MEDIA_TYPES.length).optional(),
  ...AssetRangeQuery.shape,
  page: PageQuery.shape.page,
  limit: PageQuery.shape.limit,
  sortBy: AssetSortBy.default('date'),
  sortOrder: SortOrder.default('desc'),
});
export type RespondentFilterBody = z.input<typeof RespondentFilterBody>;

export const ExportType = z.enum(['XLSX', 'CSV']);

/**
 * A dataset export's formats beside PDF: the spreadsheets, and the open map formats GEOJSON
 * (RFC 7946, `application/geo+json`) and KML 2.2 (`application/vnd.google-earth.kml+xml`).
 */
export const DatasetExportType = z.enum([...ExportType.options, 'GEOJSON', 'KML']);
export type DatasetExportType = z.infer<typeof DatasetExportType>;

/** The orders the dataset page lists assets in: newest first, or by name (then newest first). */
export const DatasetExportSortBy = AssetSortBy.extract(['date', 'name']);

/**
 * POST /surveys/dataset-respondents/export and …/export-link; no exportType means PDF (spec §7).
 * The assets are those of the list they were chosen from (its filters, date range and map area),
 * in its order: its sortBy and sortOrder, by default the dataset page's (newest first).
 */
export const DatasetExportBody = z.object({
  datasetId: Id,
  exportType: DatasetExportType.optional(),
  filters: z.array(FilterSelection).max(100).default([]),
  ...AssetRangeQuery.shape,
  sortBy: DatasetExportSortBy.default('date'),
  sortOrder: SortOrder.default('desc'),
});
export type DatasetExportBody = z.input<typeof DatasetExportBody>;

/**
 * POST /surveys/dataset-respondents/export-link: a short-lived GET address of the export, for the
 * browser to download by itself (so its download manager shows the progress). It works for the
 * account that asked for it, while that session lasts, until `expiresAt`.
 */
export const DatasetExportLink = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type DatasetExportLink = z.infer<typeof DatasetExportLink>;

/** Most assets a whole-dataset PDF holds; beyond it the call answers 413 and suggests XLSX or CSV. */
export const MAX_PDF_EXPORT_ASSETS = 2000;

export const MediaItem = z.object({
  id: z.number().int(),
  /** Where the file is stored (a generated name): not for people to read; see originalName. */
  path: z.string(),
  /** A signed, expiring URL to read the file. */
  url: z.string(),
  type: MediaType,
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  /** The uploaded file's own name; null for media registered before names were kept. */
  originalName: z.string().nullable(),
  /** What the file shows, in an administrator's words; its text alternative where there is one. */
  caption: z.string().nullable(),
  /** When it joined the asset: with the type, how a medium without a name is called. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type MediaItem = z.infer<typeof MediaItem>;

export const MediaList = z.object({ items: z.array(MediaItem) });
export type MediaList = z.infer<typeof MediaList>;

/** POST /surveys/dataset-respondents/summary: the dataset and filters of the filtered lookup, without paging. */
export const RespondentSummaryBody = RespondentFilterBody.pick({ datasetId: true, filters: true });
export type RespondentSummaryBody = z.input<typeof RespondentSummaryBody>;

/** How many assets share a value; `null` counts the assets that do not record it. */
export const SummaryBucket = z.object({ value: z.string().nullable(), count: z.number().int() });
export type SummaryBucket = z.infer<typeof SummaryBucket>;

/**
 * Counts over every asset the filters match (not only the first page): per municipality and per
 * type (trimmed values; blank or missing is `null`), and per risk level (all three, zeros too).
 * Each list is sorted by count, largest first.
 */
export const RespondentSummary = z.object({
  totalItems: z.number().int(),
  byMunicipality: z.array(SummaryBucket),
  byRiskLevel: z.array(z.object({ value: RiskLevel, count: z.number().int() })),
  byType: z.array(SummaryBucket),
});
export type RespondentSummary = z.infer<typeof RespondentSummary>;

/** Most points one map call answers with; beyond it the answer says it is truncated. */
export const MAX_MAP_POINTS = 20_000;

/** GET /surveys/assets/points: one dataset's assets with coordinates, for drawing on a map. */
export const AssetPointsQuery = z.object({
  datasetId: Id,
  riskLevel: RiskLevel.optional(),
  /** Over name, municipality and village, as the dataset-respondents search. */
  search: z.string().trim().max(200).optional(),
  ...AssetRangeQuery.shape,
  /** At most this many points (newest first); a larger number is served as MAX_MAP_POINTS. */
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(MAX_MAP_POINTS)
    .transform((limit) => Math.min(limit, MAX_MAP_POINTS)),
});
export type AssetPointsQuery = z.input<typeof AssetPointsQuery>;

/**
 * The answer of GET /surveys/assets/points, by column: position i of every array describes the
 * same asset, newest first. Columns rather than one object per asset: 10,000 points are a third
 * smaller without their keys repeated (1.5 MB rather than 2.4 MB), and quicker to check and write.
 */
export const AssetPoints = z.object({
  datasetId: z.number().int(),
  points: z.object({
    // Plain strings where the formats are the server's own (uuid ids, toISOString dates): checking
    // a format 10,000 times costs more than the database's whole answer.
    id: z.array(z.string()),
    lat: z.array(z.number()),
    lng: z.array(z.number()),
    name: z.array(z.string().nullable()),
    municipality: z.array(z.string().nullable()),
    village: z.array(z.string().nullable()),
    /** ISO 8601 in UTC, as toISOString writes it. */
    date: z.array(z.string()),
    /** The risk as recorded; null when none was (the map then uses the dataset's colour). */
    risk: z.array(z.string().nullable()),
    riskLevel: z.array(RiskLevel),
  }),
  meta: z.object({
    /** Every asset that matches, also those beyond the limit. */
    totalItems: z.number().int(),
    /** Whether more assets match than the columns hold. */
    truncated: z.boolean(),
    /** Administrators only: how many of totalItems the public does not see. */
    notPublic: z.number().int().optional(),
  }),
});
export type AssetPoints = z.infer<typeof AssetPoints>;

// ——— review and editing (back office) ———

/**
 * What the back office's asset list asks GET /surveys/assets for first (spec §4, §9). The call
 * itself has no review default, so public pages using it are unaffected: the page sends these.
 */
export const ASSET_REVIEW_LIST_DEFAULTS = {
  status: 'UPLOADED',
  sortBy: 'date',
  sortOrder: 'desc',
  limit: 20,
} as const satisfies AssetListQuery;

/**
 * One question's answer as the asset editor sends it. Choice questions name their option by its
 * value; a multiple-choice answer lists its options' values comma-separated (spec §5). value2 is
 * the free text of SELECT_AND_TEXT and of an 'other' option. No value (null or blank) clears the answer.
 */
export const AssetAnswerInput = z.object({
  questionId: z.number().int().positive(),
  value: clearableText(4000),
  value2: clearableText(4000),
});
export type AssetAnswerInput = z.input<typeof AssetAnswerInput>;

/** PATCH /surveys/assets/{id}: what is sent changes; the answers replace those of their questions only. */
export const UpdateAssetBody = z.object({
  /** The version the editor read (AssetDetail.version); a newer one on the server answers 409. */
  version: z.number().int().positive(),
  comments: clearableText(4000),
  datasetId: z.number().int().positive().optional(),
  answers: z.array(AssetAnswerInput).max(2000).optional(),
});
export type UpdateAssetBody = z.input<typeof UpdateAssetBody>;

const AdminNote = clearableText(2000);

/** PATCH /surveys/assets/{id}/status. No adminNote keeps the current note; null or blank clears it. */
export const AssetStatusBody = z.object({
  status: AssetStatus,
  adminNote: AdminNote,
});
export type AssetStatusBody = z.input<typeof AssetStatusBody>;

/** The asset list's filters: every parameter of GET /surveys/assets but paging and order. */
export const AssetFilter = AssetListQuery.omit({ page: true, limit: true, sortBy: true, sortOrder: true });
export type AssetFilter = z.input<typeof AssetFilter>;

/**
 * GET /surveys/assets/export: every asset the review list's filters match (not only a page), as
 * a CSV or XLSX file, newest first; for administrators.
 */
export const AssetListExportQuery = AssetFilter.extend({ exportType: ExportType });
export type AssetListExportQuery = z.input<typeof AssetListExportQuery>;

/** Most assets one bulk review names by id; the filter form reaches every asset that matches. */
export const MAX_BULK_ASSET_IDS = 10_000;

/**
 * PATCH /surveys/assets/status: bulk review, with one note, of the assets named (`ids`) or of
 * every asset that matches the list's filters (`filter`, `{}` for all) — exactly one of the two.
 */
export const BulkAssetStatusBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(MAX_BULK_ASSET_IDS).optional(),
    filter: AssetFilter.optional(),
    status: AssetStatus,
    adminNote: AdminNote,
  })
  .superRefine((body, context) => {
    if ((body.ids === undefined) === (body.filter === undefined)) {
      context.addIssue({ code: 'custom', path: ['ids'], message: 'send either ids or filter, not both or neither' });
    }
  });
export type BulkAssetStatusBody = z.input<typeof BulkAssetStatusBody>;

export const BulkAssetStatusResult = z.object({
  /** Assets whose status or note changed (those that already had both are left alone). */
  updated: z.number().int(),
  /** Assets that matched: named ids that exist, or every asset the filter found. */
  matched: z.number().int(),
  /** Named ids that name no asset (deleted meanwhile, or never existed). */
  missingIds: z.array(z.uuid()),
});
export type BulkAssetStatusResult = z.infer<typeof BulkAssetStatusResult>;

/** GET /surveys/assets/{id}/history: newest first. */
export const AssetHistoryQuery = PageQuery;
export type AssetHistoryQuery = z.input<typeof AssetHistoryQuery>;

export const AssetChangeField = z.enum(['comments', 'dataset', 'status', 'adminNote', 'answer']);
export type AssetChangeField = z.infer<typeof AssetChangeField>;

/**
 * One changed thing, readable: `before` and `after` are the texts a person saw (an option's
 * description in the request's language, a dataset's name, a status code the page translates);
 * null is empty. For an answer, `label` is the question's title in the request's language.
 */
export const AssetChange = z.object({
  field: AssetChangeField,
  questionId: z.number().int().nullable(),
  questionNr: z.string().nullable(),
  label: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AssetChange = z.infer<typeof AssetChange>;

export const AssetHistoryEntry = z.object({
  id: z.number().int(),
  /** When it was saved. */
  at: z.iso.datetime({ offset: true }),
  /** Who saved it: the account's name at the time (null for the system). */
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  /**
   * The submission from the field, the bulk import that made it, an edit of the asset, or a change
   * of its status (alone or in a bulk review).
   */
  action: z.enum(['submit', 'import', 'edit', 'status']),
  changes: z.array(AssetChange),
});
export type AssetHistoryEntry = z.infer<typeof AssetHistoryEntry>;

export const AssetHistory = pageOf(AssetHistoryEntry);
export type AssetHistory = z.infer<typeof AssetHistory>;
