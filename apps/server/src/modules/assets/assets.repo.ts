import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { albanianOrder } from '../../db/albanian-order';
import { type Executor, rowsOf } from '../../db/client';
import {
  assetAnswerTuples,
  assets,
  datasets,
  media,
  questionOptions,
  questions,
  recentAssetViews,
} from '../../db/schema/index';
import { invalidatedBy } from '../../db/notifications';
import { Bindings, runPrepared } from '../../db/prepared';
import { type CacheOptions, cachedRead } from '../../db/cache';
import {
  type AssetCriteria,
  type ListedAssetRow,
  assetReaders,
  assetWhere,
  assetsWithIds,
  listedAssetColumns,
} from '../asset-search';

/**
 * An asset's detail is cached until the database notifies a change to the asset (its answers and
 * media included) or its dataset's name or activity (db/notifications.ts). Views are not notified:
 * a detail adds the views its own server wrote since it was read, so only other instances' views
 * wait `refreshAfterMs`. A detail (its answers bare: their texts are the survey's, cached once) is
 * about 4 kB, a media list a few hundred bytes: at most 8 + 1 MB.
 */
export const DETAIL_CACHE = { maxEntries: 2_000, refreshAfterMs: 60_000 } satisfies CacheOptions;
const MEDIA_CACHE = { maxEntries: 2_000 } satisfies CacheOptions;

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

/** The assets of the placeholder `ids` that the viewer may see, with their answers. */
export const assetDetailStatement = (db: Executor, publicOnly: boolean) =>
  db
    .select({ ...listedAssetColumns, answers: answerTuplesOfAsset })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(assetsWithIds(publicOnly));

async function readAssetDetails(db: Executor, ids: string[], publicOnly: boolean) {
  const rows = await runPrepared(db, 'asset_details', String(publicOnly), () => assetDetailStatement(db, publicOnly), {
    ids,
  });
  return new Map(rows.map(({ answers: answerTuples, ...asset }) => [asset.id, { asset, answers: answerTuples ?? [] }]));
}

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

/** The asset's media in the order they were added; cached until the asset changes. */
export async function selectMedia(db: Executor, assetId: string) {
  return cachedRead(
    db,
    'asset_media',
    assetId,
    // Media rows only: whether the viewer may see the asset is checked apart.
    [invalidatedBy.asset(assetId)],
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
    MEDIA_CACHE,
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

/**
 * Where a keyset batch resumes: after this asset, by its date as the database writes it (to the
 * microsecond) and its id. The rows of a batch carry both, so the last one is the next cursor.
 */
export type ExportCursor = { id: string; cursorDate: string };

/** The orders a dataset export follows: those of the lists it is chosen from (asset-search's orderOf). */
export type ExportOrder = { sortBy: 'date' | 'name'; sortOrder: 'asc' | 'desc' };

/** In name order, a batch resumes after the asset's name as sorted too (null: it has none). */
export type ExportBatchCursor = ExportCursor & { cursorNameKey: string | null };

export type ExportBatchRow = Awaited<ReturnType<typeof readExportBatch>>[number];

/**
 * One keyset batch of a dataset export in the list's order, each asset with the columns an export
 * writes and its answers. The comparison continues exactly after the cursor, whatever the batch
 * size, so each batch is an index range scan rather than an ever-growing OFFSET.
 *
 * By name the order is mixed (the name either way with missing names last, then newest first, then
 * the id), which one row comparison cannot resume: the named assets are read past the cursor's name
 * first, and once they run out the nameless ones follow, from the first.
 */
export async function selectExportBatch(
  db: Executor,
  criteria: AssetCriteria,
  order: ExportOrder,
  after: ExportBatchCursor | null,
  limit: number,
): Promise<ExportBatchRow[]> {
  if (order.sortBy === 'date') return readExportBatch(db, keysetBatch(criteria, after, limit, order.sortOrder));
  const byName = (position: NamePosition, size: number) =>
    readExportBatch(db, nameKeysetBatch(criteria, order.sortOrder, position, size));
  if (after === null) return byName({ from: 'start' }, limit);
  if (after.cursorNameKey === null) return byName({ from: 'nameless', after }, limit);
  const named = await byName({ from: 'named', after, nameKey: after.cursorNameKey }, limit);
  if (named.length === limit) return named;
  return [...named, ...(await byName({ from: 'nameless', after: null }, limit - named.length))];
}

type KeysetBatch = ReturnType<typeof keysetBatch> & { byName?: boolean };

/**
 * One prepared statement per batch (a whole-dataset export makes hundreds): building the SQL and a
 * second round trip for the answers cost as much as the rows.
 */
function readExportBatch(db: Executor, batch: KeysetBatch) {
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
          cursorNameKey: batch.byName ? sql<string | null>`${albanianOrder(assets.name)}` : sql<null>`null`,
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

/** Where a batch in name order starts: at the beginning, after a named asset, or among the nameless. */
type NamePosition =
  | { from: 'start' }
  | { from: 'named'; after: ExportCursor; nameKey: string }
  | { from: 'nameless'; after: ExportCursor | null };

/**
 * A keyset batch in the dataset page's name order, as asset-search's orderOf sorts by name: the
 * name's key either way with missing names last, then newest first, then the id in the direction.
 */
function nameKeysetBatch(
  criteria: AssetCriteria,
  direction: 'asc' | 'desc',
  position: NamePosition,
  limit: number,
): KeysetBatch {
  const bindings = new Bindings();
  const key = albanianOrder(assets.name);
  const past = direction === 'asc' ? sql`>` : sql`<`;
  const pastOrAt = direction === 'asc' ? sql`>=` : sql`<=`;
  const laterWithTheSameName = (after: ExportCursor) => {
    const date = sql`${bindings.bind('fromDate', after.cursorDate)}::timestamptz`;
    return sql`(${assets.date} < ${date} or (${assets.date} = ${date} and ${assets.id} ${past} ${bindings.bind('fromId', after.id)}::uuid))`;
  };
  let resume: SQL | undefined;
  if (position.from === 'named') {
    const name = bindings.bind('fromName', position.nameKey);
    // The first comparison alone bounds the index range; it leaves out the nameless assets too.
    resume = sql`${key} ${pastOrAt} ${name} and (${key} ${past} ${name} or ${laterWithTheSameName(position.after)})`;
  } else if (position.from === 'nameless') {
    resume = and(sql`${key} is null`, position.after ? laterWithTheSameName(position.after) : undefined);
  }
  const where = and(assetWhere(criteria, bindings.bind), resume);
  const order = direction === 'asc' ? asc : desc;
  return {
    where,
    order: [sql`${key} ${sql.raw(direction)} nulls last`, desc(assets.date), order(assets.id)],
    limit: bindings.bind('limit', limit),
    shape: [criteria.publicOnly, 'name', direction, position.from, bindings.names].join(),
    values: bindings.values,
    byName: true,
  };
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
      ? sql`(${assets.date}, ${assets.id}) ${past} (${bindings.bind('fromDate', from.cursorDate)}::timestamptz, ${bindings.bind('fromId', from.id)}::uuid)`
      : undefined,
  );
  const order = direction === 'asc' ? asc : desc;
  return {
    where,
    order: [order(assets.date), order(assets.id)],
    limit: bindings.bind('limit', limit),
    shape: [criteria.publicOnly, direction, bindings.names].join(),
    values: bindings.values,
  };
}
