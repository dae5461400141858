import { type SQL, type SQLWrapper, and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import {
  assetAnswerTuples,
  assetCounts,
  assets,
  datasets,
  media,
  questionOptions,
  questions,
  recentAssetViews,
} from '../../db/schema/index';
import { batchedRead } from '../../db/batched-read';
import { type Bind, Bindings, bindInline, runPrepared } from '../../db/prepared';
import { type ReadDependency, type ReadOptions, cachedRead } from '../../db/read-cache';
import { containsPattern, matchesPattern } from './text-search';
import { shownDataset } from '../datasets/datasets.repo';

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

export type AssetSort = {
  sortBy: 'date' | 'name' | 'viewCount' | 'municipality' | 'status';
  sortOrder: 'asc' | 'desc';
};

export const assetColumns = {
  id: assets.id,
  surveyId: assets.surveyId,
  datasetId: assets.datasetId,
  datasetName: datasets.name,
  uniqueId: assets.uniqueId,
  name: assets.name,
  municipality: assets.municipality,
  village: assets.village,
  assetType: assets.assetType,
  usability: assets.usability,
  access: assets.access,
  risk: assets.risk,
  riskLevel: assets.riskLevel,
  date: assets.date,
  latitude: assets.latitude,
  longitude: assets.longitude,
  status: assets.status,
  comments: assets.comments,
  adminNote: assets.adminNote,
  userId: assets.userId,
  deviceId: assets.deviceId,
  // The views moved into the asset (its order by views) and those written since.
  viewCount: sql<number>`${assets.viewCount} + coalesce((select ${recentAssetViews.views} from ${recentAssetViews} where ${recentAssetViews.assetId} = ${assets.id}), 0)`,
  version: assets.version,
};

export type AssetRow = {
  id: string;
  surveyId: number;
  datasetId: number;
  datasetName: string;
  uniqueId: string;
  name: string | null;
  municipality: string | null;
  village: string | null;
  assetType: string | null;
  usability: string | null;
  access: string | null;
  risk: string | null;
  riskLevel: string;
  date: Date;
  latitude: number | null;
  longitude: number | null;
  status: string;
  comments: string | null;
  adminNote: string | null;
  userId: number | null;
  deviceId: number | null;
  viewCount: number;
  version: number;
};

const textColumns = {
  name: assets.name,
  municipality: assets.municipality,
  village: assets.village,
  comments: assets.comments,
  adminNote: assets.adminNote,
} as const;

/** Approved assets of active datasets; needs `datasets` joined. */
const publicVisibility = () => and(eq(assets.status, 'APPROVED'), eq(datasets.isActive, true));

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

function orderOf({ sortBy, sortOrder }: AssetSort): SQL[] {
  const direction = sortOrder === 'desc' ? desc : asc;
  // Texts compare without case; empty ones go last whichever the direction.
  const text = (column: SQLWrapper) =>
    sql`lower(${column}) ${sql.raw(sortOrder === 'desc' ? 'desc' : 'asc')} nulls last`;
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

/** What lists and the detail show besides the asset's own columns: its media types and first photo. */
const mediaColumns = {
  mediaTypes: sql<string[]>`array(select distinct ${media.type} from ${media} where ${media.assetId} = ${assets.id})`,
  photoPath: sql<
    string | null
  >`(select ${media.path} from ${media} where ${media.assetId} = ${assets.id} and ${media.type} = 'PHOTO' order by ${media.id} limit 1)`,
};

export type ListedAssetRow = AssetRow & { mediaTypes: string[]; photoPath: string | null };

/**
 * A page of assets with their media and, on every row, the total of all pages — one statement, one
 * round trip. The page's ids are found first and only its rows are then read: an OFFSET discards
 * the rows before the page, and reading them whole, media included, made the fiftieth page twenty
 * times dearer than its ids alone (which an index-only scan gives). When asset_counts knows the
 * total it is an uncorrelated subquery; otherwise the matching assets are counted with a window
 * while they are found (finding them twice, for page and total, was what a million assets showed).
 * Returned with its values as placeholders and the shape its SQL depends on, to be prepared once
 * per shape (db/prepared.ts).
 */
export function assetPageStatement(
  db: Executor,
  criteria: AssetCriteria,
  sort: AssetSort,
  page: { limit: number; offset: number },
) {
  const bindings = new Bindings();
  const where = assetWhere(criteria, bindings.bind);
  const byTotals = answeredByTotals(criteria);
  const total = byTotals ? sql<number>`(${countFromTotals(db, criteria, bindings.bind)})` : undefined;
  const limit = bindings.bind('limit', page.limit);
  const offset = bindings.bind('offset', page.offset);
  const build = () => {
    const matching = db
      .select({ id: assets.id, total: total?.as('total') ?? sql<number>`count(*) over ()`.as('total') })
      .from(assets)
      .innerJoin(datasets, eq(datasets.id, assets.datasetId))
      .where(where)
      .orderBy(...orderOf(sort))
      .limit(limit)
      .offset(offset)
      .as('matching');
    return db
      .select({ ...assetColumns, ...mediaColumns, total: sql<number>`${matching.total}`.mapWith(Number) })
      .from(matching)
      .innerJoin(assets, eq(assets.id, matching.id))
      .innerJoin(datasets, eq(datasets.id, assets.datasetId))
      .orderBy(...orderOf(sort));
  };
  const shape = [criteria.publicOnly, byTotals, sort.sortBy, sort.sortOrder, bindings.names].join();
  return { shape, values: bindings.values, build };
}

/**
 * Public reads of assets are the same for every visitor and change far less often than they are
 * read, so the recent ones are kept in memory (db/read-cache.ts) until the database announces a
 * change to an asset they read, its answers or media (migrations 0011 and 0012), or to the tables
 * they join. Views announce nothing, so what shows view counts is read again after `refreshAfterMs`: a
 * detail adds the views its own server wrote since, so only other instances' views wait that long; a
 * page's counts wait for all (its order by views follows the counts moved every few minutes). An
 * asset with its answers (bare: their texts are the survey's, kept once) takes about 4 kB, a page of
 * 20 about 20 kB, an asset as a page lists it about 1.4 kB, an asset's media list a few hundred
 * bytes, a map's points at most 3 MB: at most 8 + 6 + 7 + 1 + 72 MB. Kept reads go least recently
 * used first. The public's maps are drawn from the option index instead (option-indexes.ts).
 */
export const ASSET_READS = {
  detail: { maxEntries: 2_000, refreshAfterMs: 60_000 },
  page: { maxEntries: 300, refreshAfterMs: 10_000 },
  /** One asset as a page lists it (selectListedAssets). */
  row: { maxEntries: 5_000, refreshAfterMs: 10_000 },
  /** One asset's media list, a few hundred bytes. */
  media: { maxEntries: 2_000 },
  /** An administrator's map's points as JSON in UTF-8: 20,000 (the most one holds) are about 3 MB. */
  points: { maxEntries: 24 },
} satisfies Record<string, ReadOptions>;

/** One asset, its answers and its media, as the database announces their changes. */
const assetPart = (id: string) => [assets, `asset:${id}`] as const;

/**
 * What a read of one asset depends on: the asset (its answers and media announce it too) and its
 * dataset (its name, whether it is active); every dataset until the read has told which one.
 */
export const oneAssetReads = (id: string, datasetId?: number): ReadDependency[] => [
  assetPart(id),
  datasetId === undefined ? datasets : shownDataset(datasetId),
];

/**
 * How a read of one asset is kept: once read, through changes of other datasets than its own (an
 * asset not found still hears every dataset, one of which may show it when activated).
 */
export const oneAssetReadOptions = <Value>(
  id: string,
  options: ReadOptions,
  datasetOf: (value: Value) => number | undefined,
): ReadOptions<Value> => ({
  ...options,
  narrowTo: (value) => {
    const datasetId = datasetOf(value);
    return datasetId === undefined ? undefined : oneAssetReads(id, datasetId);
  },
});

/**
 * What a read of a dataset's assets depends on: those its reader may see (the public sees approved
 * ones: administrators' work on the others leaves the public's reads kept), and the dataset itself
 * (its name, whether it is active).
 */
export const datasetAssetReads = (criteria: { datasetId: number; publicOnly: boolean }): ReadDependency[] => [
  [assets, `${criteria.publicOnly ? 'public' : 'dataset'}:${criteria.datasetId}`],
  shownDataset(criteria.datasetId),
];

/** Finds a page's asset ids and total without the database, when it can (the option indexes). */
export type PageFinder = () => Promise<{ ids: string[]; total: number } | undefined>;

/**
 * The page and its total; a page past the end has no rows to carry the total, so it is counted
 * apart. When `findPage` finds the page's ids, only their rows are read. A page of one dataset is
 * kept in memory (ASSET_READS).
 */
export async function selectAssetPage(
  db: Executor,
  criteria: AssetCriteria,
  sort: AssetSort,
  page: { limit: number; offset: number },
  findPage?: PageFinder,
): Promise<{ rows: ListedAssetRow[]; total: number }> {
  const read = async () => {
    const found = await findPage?.();
    if (found) return { rows: await selectListedAssets(db, found.ids, criteria.publicOnly), total: found.total };
    const { shape, values, build } = assetPageStatement(db, criteria, sort, page);
    const rows = await runPrepared(db, 'asset_page', shape, build, values);
    const total = rows[0]?.total ?? (page.offset === 0 ? 0 : await countAssets(db, criteria));
    return { rows, total };
  };
  const { datasetId } = criteria;
  if (datasetId === undefined) return read();
  const key = JSON.stringify([criteria, sort, page]);
  return cachedRead(db, 'asset_page', key, datasetAssetReads({ ...criteria, datasetId }), read, ASSET_READS.page);
}

export async function countAssets(db: Executor, criteria: AssetCriteria): Promise<number> {
  const [row] = await countQuery(db, criteria);
  return row?.count ?? 0;
}

/** How many assets match: from asset_counts when it can tell, else counted. */
function countQuery(db: Executor, criteria: AssetCriteria) {
  if (answeredByTotals(criteria)) return countFromTotals(db, criteria);
  return db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(assetWhere(criteria));
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

/** Whether asset_counts can answer the count: the criteria narrow by nothing but visibility, dataset, survey and status. */
const answeredByTotals = (criteria: AssetCriteria) => narrowsOnlyBy(criteria, TOTALS_CRITERIA);

const TOTALS_CRITERIA = new Set<keyof AssetCriteria>(['publicOnly', 'datasetId', 'surveyId', 'status']);

/** The same criteria bind the same names as in assetWhere, so a statement with both binds each once. */
function countFromTotals(db: Executor, criteria: AssetCriteria, bind: Bind = bindInline) {
  return db
    .select({ count: sql<number>`coalesce(sum(${assetCounts.count}), 0)::int`.mapWith(Number) })
    .from(assetCounts)
    .innerJoin(datasets, eq(datasets.id, assetCounts.datasetId))
    .where(
      and(
        criteria.publicOnly ? and(eq(assetCounts.status, 'APPROVED'), eq(datasets.isActive, true)) : undefined,
        criteria.datasetId === undefined ? undefined : eq(assetCounts.datasetId, bind('datasetId', criteria.datasetId)),
        criteria.surveyId === undefined ? undefined : eq(assetCounts.surveyId, bind('surveyId', criteria.surveyId)),
        criteria.status === undefined ? undefined : eq(assetCounts.status, bind('status', criteria.status)),
      ),
    );
}

/**
 * These assets, in this order, as a page lists them; any the viewer may no longer see is left out.
 * Each row is kept in memory (ASSET_READS.row) until the database announces a change to its asset
 * (answers and media included) or to datasets: the filtered pages of a dataset share most of their
 * rows (the newest that match), so a page asked for the first time is mostly answered from memory.
 * The rows not kept are read together, with those other pages ask for at the same moment.
 */
async function selectListedAssets(db: Executor, ids: string[], publicOnly: boolean): Promise<ListedAssetRow[]> {
  const readRow = listedAssetReader(db, publicOnly);
  const rows = await Promise.all(
    ids.map((id) =>
      cachedRead(
        db,
        'listed_asset',
        `${id}:${publicOnly}`,
        oneAssetReads(id),
        () => readRow(id),
        oneAssetReadOptions(id, ASSET_READS.row, (row) => row?.datasetId),
      ),
    ),
  );
  return rows.filter((row) => row !== undefined);
}

/**
 * Reads of one asset at a time, gathered per database (batchedRead) into one statement for the
 * public's and one for administrators': under load, many visitors' reads share a round trip.
 */
function assetReaders<Value>(
  readMany: (db: Executor, ids: string[], publicOnly: boolean) => Promise<Map<string, Value>>,
) {
  type Reader = (id: string) => Promise<Value | undefined>;
  const byDatabase = new WeakMap<Executor, { public: Reader; all: Reader }>();
  return (db: Executor, publicOnly: boolean): Reader => {
    let readers = byDatabase.get(db);
    if (!readers) {
      readers = {
        public: batchedRead((ids) => readMany(db, ids, true)),
        all: batchedRead((ids) => readMany(db, ids, false)),
      };
      byDatabase.set(db, readers);
    }
    return publicOnly ? readers.public : readers.all;
  };
}

const listedAssetReader = assetReaders(readListedAssets);

async function readListedAssets(db: Executor, ids: string[], publicOnly: boolean) {
  const rows = await runPrepared(
    db,
    'listed_assets',
    String(publicOnly),
    () =>
      db
        .select({ ...assetColumns, ...mediaColumns })
        .from(assets)
        .innerJoin(datasets, eq(datasets.id, assets.datasetId))
        .where(assetsWithIds(publicOnly)),
    { ids },
  );
  return new Map<string, ListedAssetRow>(rows.map((row) => [row.id, row]));
}

/** The asset with its media, whatever reads it (media list, existence checks). */
export async function findAsset(db: Executor, id: string, publicOnly: boolean): Promise<ListedAssetRow | undefined> {
  const [row] = await selectListedAssets(db, [id], publicOnly);
  return row;
}

/**
 * The asset with its media and its stored answers in one statement: every detail view reads it,
 * and a second round trip for the answers cost as much as the rest of the call. The answers come
 * bare, as tuples; their questions' and options' texts are the survey's, kept apart (answer-texts.ts).
 * Details asked for at the same moment are read together.
 */
export async function findAssetDetail(
  db: Executor,
  id: string,
  publicOnly: boolean,
): Promise<{ asset: ListedAssetRow; answers: AnswerTuple[] } | undefined> {
  return assetDetailReader(db, publicOnly)(id);
}

const assetDetailReader = assetReaders(readAssetDetails);

async function readAssetDetails(db: Executor, ids: string[], publicOnly: boolean) {
  const rows = await runPrepared(
    db,
    'asset_details',
    String(publicOnly),
    () =>
      db
        .select({ ...assetColumns, ...mediaColumns, answers: answerTuplesOfAsset })
        .from(assets)
        .innerJoin(datasets, eq(datasets.id, assets.datasetId))
        .where(assetsWithIds(publicOnly)),
    { ids },
  );
  return new Map(rows.map(({ answers: answerTuples, ...asset }) => [asset.id, { asset, answers: answerTuples ?? [] }]));
}

/** The assets of the placeholder `ids` that the viewer may see; needs `datasets` joined. */
const assetsWithIds = (publicOnly: boolean) =>
  and(sql`${assets.id} = any(${sql.placeholder('ids')}::uuid[])`, publicOnly ? publicVisibility() : undefined);

/** Adds views to the assets' recent views (see recentAssetViews). */
export async function addViews(db: Executor, views: Map<string, number>): Promise<void> {
  const batch = JSON.stringify([...views].map(([id, n]) => ({ id, n })));
  await db.execute(sql`
    insert into ${recentAssetViews} (asset_id, views)
    select id, n from jsonb_to_recordset(${batch}::jsonb) as added(id uuid, n integer)
    on conflict (asset_id) do update set views = ${recentAssetViews.views} + excluded.views`);
}

/**
 * Moves up to `limit` assets' recent views into their view counts, in one statement so that no
 * view is counted twice or lost; returns how many were moved. Rows another server is moving are
 * skipped, and those of deleted assets dropped.
 */
export async function moveRecentViews(db: Executor, limit: number): Promise<number> {
  const result = await db.execute(sql`
    with moved as (
      delete from ${recentAssetViews}
      where asset_id in (select asset_id from ${recentAssetViews} limit ${limit} for update skip locked)
      returning asset_id, views
    ), added as (
      update ${assets} set view_count = ${assets.viewCount} + moved.views
      from moved where ${assets.id} = moved.asset_id
    )
    select count(*)::integer as moved from moved`);
  return rowsOf<{ moved: number }>(result)[0]?.moved ?? 0;
}

/** A stored answer with its question's and option's texts, as a detail shows it. */
export type AnswerRow = {
  questionId: number;
  questionNr: string;
  questionType: string | null;
  questionIdentifier: string | null;
  titleXk: string | null;
  titleEn: string | null;
  titleSr: string | null;
  optionId: number | null;
  optionOrder: number | null;
  value: string | null;
  value2: string | null;
  optionDescriptionXk: string | null;
  optionDescriptionEn: string | null;
  optionDescriptionSr: string | null;
};

/** [questionId, optionId, value, value2] in the order they were stored. */
export type AnswerTuple = (typeof assetAnswerTuples.$inferSelect)['tuples'][number];

/**
 * The asset's answers as kept for it (asset_answer_tuples), null when it has none. A subquery, so
 * only the rows a statement returns look them up, after its order and limit.
 */
const answerTuplesOfAsset = sql<AnswerTuple[] | null>`(
  select ${assetAnswerTuples.tuples} from ${assetAnswerTuples} where ${assetAnswerTuples.assetId} = ${assets.id})`;

/** The texts answers are shown with, by id: their questions' and their chosen options'. */
export type AnswerTexts = {
  questions: Map<
    number,
    Pick<AnswerRow, 'questionNr' | 'questionType' | 'questionIdentifier' | 'titleXk' | 'titleEn' | 'titleSr'>
  >;
  options: Map<
    number,
    Pick<AnswerRow, 'optionOrder' | 'optionDescriptionXk' | 'optionDescriptionEn' | 'optionDescriptionSr'>
  >;
};

/** A question's texts as an answer shows them. */
const questionTextColumns = {
  id: questions.id,
  questionNr: questions.questionNr,
  questionType: questions.questionType,
  questionIdentifier: questions.questionIdentifier,
  titleXk: questions.titleXk,
  titleEn: questions.titleEn,
  titleSr: questions.titleSr,
};

/**
 * An option's texts, named as answers name their option's description so that localize() reads them
 * as they are.
 */
const optionTextColumns = {
  id: questionOptions.id,
  value: questionOptions.value,
  optionOrder: questionOptions.optionOrder,
  optionDescriptionXk: questionOptions.descriptionXk,
  optionDescriptionEn: questionOptions.descriptionEn,
  optionDescriptionSr: questionOptions.descriptionSr,
};

/** Texts by the id of what they belong to. */
const byId = <Row extends { id: number }>(rows: Row[]) => new Map(rows.map(({ id, ...texts }) => [id, texts]));

/** The texts of a survey's questions and of every option they offer (selectOptionTexts). */
export async function selectSurveyAnswerTexts(db: Executor, surveyId: number): Promise<AnswerTexts> {
  const questionRows = await db.select(questionTextColumns).from(questions).where(eq(questions.surveyId, surveyId));
  const optionRows = await selectOptionTexts(
    db,
    questionRows.map((question) => question.id),
  );
  return { questions: byId(questionRows), options: byId(optionRows) };
}

/** The texts of just these questions and options. */
export async function selectAnswerTextsOf(
  db: Executor,
  questionIds: number[],
  optionIds: number[],
): Promise<AnswerTexts> {
  const [questionRows, optionRows] = await Promise.all([
    questionIds.length === 0
      ? []
      : db.select(questionTextColumns).from(questions).where(inArray(questions.id, questionIds)),
    optionIds.length === 0
      ? []
      : db.select(optionTextColumns).from(questionOptions).where(inArray(questionOptions.id, optionIds)),
  ]);
  return { questions: byId(questionRows), options: byId(optionRows) };
}

/** Every option (deleted ones too: old answers point at them) the questions offer, their own or borrowed. */
export async function selectOptionTexts(db: Executor, questionIds: number[]) {
  if (questionIds.length === 0) return [];
  const offered = db
    .select({ id: sql`coalesce(${questions.optionsSourceQuestionId}, ${questions.id})` })
    .from(questions)
    .where(inArray(questions.id, questionIds));
  return db.select(optionTextColumns).from(questionOptions).where(inArray(questionOptions.questionId, offered));
}

/** The asset's media in the order they were added; kept in memory (ASSET_READS.media) until the asset changes. */
export async function selectMedia(db: Executor, assetId: string) {
  return cachedRead(
    db,
    'asset_media',
    assetId,
    // Media rows only: whether the viewer may see the asset is checked apart.
    [assetPart(assetId)],
    () =>
      runPrepared(
        db,
        'asset_media',
        '',
        () =>
          db
            .select({
              id: media.id,
              path: media.path,
              type: media.type,
              contentType: media.contentType,
              size: media.size,
              originalName: media.originalName,
              caption: media.caption,
              createdAt: media.createdAt,
            })
            .from(media)
            .where(eq(media.assetId, sql.placeholder('assetId')))
            .orderBy(media.id),
        { assetId },
      ),
    ASSET_READS.media,
  );
}

export async function selectFirstPhotoPath(db: Executor, assetId: string): Promise<string | null> {
  const [row] = await db
    .select({ path: media.path })
    .from(media)
    .where(and(eq(media.assetId, assetId), eq(media.type, 'PHOTO')))
    .orderBy(media.id)
    .limit(1);
  return row?.path ?? null;
}

/** The PARENT (answerable) questions of the surveys, for export columns. */
export async function selectParentQuestions(db: Executor, surveyIds: number[]) {
  if (surveyIds.length === 0) return [];
  return db
    .select({
      id: questions.id,
      questionNr: questions.questionNr,
      titleXk: questions.titleXk,
      titleEn: questions.titleEn,
      titleSr: questions.titleSr,
    })
    .from(questions)
    .where(and(inArray(questions.surveyId, surveyIds), eq(questions.questionCategory, 'PARENT')));
}

/** Where an export batch resumes: after this (date, id). The date is the database's own text, to the microsecond. */
export type ExportCursor = { date: string; id: string };

/**
 * One keyset batch in (date, id) order, each asset with the columns an export writes and its
 * answers: the row comparison continues exactly after the cursor, whatever the batch size, and each
 * batch is an index range scan rather than an ever-growing OFFSET. One prepared statement per batch
 * (a whole-dataset export makes hundreds): building the SQL and a second round trip for the answers
 * cost as much as the rows.
 */
export async function selectExportBatch(
  db: Executor,
  criteria: AssetCriteria,
  after: ExportCursor | null,
  limit: number,
) {
  const batch = keysetBatch(criteria, after, limit, 'asc');
  return runPrepared(
    db,
    'export_batch',
    batch.shape,
    () =>
      db
        .select({
          id: assets.id,
          name: assets.name,
          municipality: assets.municipality,
          village: assets.village,
          date: assets.date,
          status: assets.status,
          latitude: assets.latitude,
          longitude: assets.longitude,
          riskLevel: assets.riskLevel,
          cursorDate: sql<string>`${assets.date}::text`,
          answers: answerTuplesOfAsset,
        })
        .from(assets)
        .innerJoin(datasets, eq(datasets.id, assets.datasetId))
        .where(batch.where)
        .orderBy(...batch.order)
        .limit(batch.limit),
    batch.values,
  );
}

/**
 * What a keyset batch of the assets matching `criteria` needs, in (date, id) order either way:
 * the conditions with the row comparison that resumes exactly past `from`, the order, the limit,
 * and the statement's shape and values for runPrepared.
 */
export function keysetBatch(
  criteria: AssetCriteria,
  from: ExportCursor | null,
  limit: number,
  direction: 'asc' | 'desc',
) {
  const bindings = new Bindings();
  const past = direction === 'asc' ? sql`>` : sql`<`;
  const where = and(
    assetWhere(criteria, bindings.bind),
    from
      ? sql`(${assets.date}, ${assets.id}) ${past} (${bindings.bind('fromDate', from.date)}::timestamptz, ${bindings.bind('fromId', from.id)}::uuid)`
      : undefined,
  );
  const order = direction === 'asc' ? asc : desc;
  return {
    where,
    order: [order(assets.date), order(assets.id)],
    limit: bindings.bind('limit', limit),
    shape: [criteria.publicOnly, bindings.names].join(),
    values: bindings.values,
  };
}
