import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Bind, Bindings, bindInline, runPrepared } from '../../db/prepared';
import { assetCounts, assets, datasets } from '../../db/schema/index';
import type { AssetPage, AssetSearch, PageWindow, PointsQuery } from './asset-search';
import { type AssetCriteria, type AssetSort, assetWhere, narrowsOnlyBy, orderOf } from './criteria';
import { listedAssetColumns } from './listed-assets.repo';
import { countAssetPoints, pointsAnswer, selectAssetPointsJson } from './points.repo';

/**
 * The reference implementation of AssetSearch: every answer is the database's. The option indexes
 * (option-indexes.ts) must agree with it (asset-search.test.ts runs the same cases against both).
 */
export class SqlAssetSearch implements AssetSearch {
  constructor(private readonly db: Executor) {}

  /** The page and its total; a page past the end has no rows to carry the total, so it is counted apart. */
  async page(criteria: AssetCriteria, sort: AssetSort, window: PageWindow): Promise<AssetPage> {
    const { shape, values, build } = assetPageStatement(this.db, criteria, sort, window);
    const rows = await runPrepared(this.db, 'asset_page', shape, build, values);
    const total = rows[0]?.total ?? (window.offset === 0 ? 0 : await countAssets(this.db, criteria));
    return { rows, total };
  }

  count(criteria: AssetCriteria): Promise<number> {
    return countAssets(this.db, criteria);
  }

  async points(query: PointsQuery): Promise<Buffer> {
    const { riskLevel, limit, ...criteria } = query;
    // The count (an index-only scan) runs beside the points rather than after them, and is used only
    // when they were cut. An administrator's map also counts what the public's would show, to tell
    // how many of its points are not public.
    const [{ json, matched }, total, publicTotal] = await Promise.all([
      selectAssetPointsJson(this.db, criteria, riskLevel, limit),
      countAssetPoints(this.db, criteria, riskLevel),
      criteria.publicOnly ? undefined : countAssetPoints(this.db, { ...criteria, publicOnly: true }, riskLevel),
    ]);
    const notPublic = publicTotal === undefined ? undefined : total - publicTotal;
    return pointsAnswer(
      query.datasetId,
      [Buffer.from(json)],
      matched > limit ? total : matched,
      matched > limit,
      notPublic,
    );
  }
}

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
export function assetPageStatement(db: Executor, criteria: AssetCriteria, sort: AssetSort, page: PageWindow) {
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
      .select({ ...listedAssetColumns, total: sql<number>`${matching.total}`.mapWith(Number) })
      .from(matching)
      .innerJoin(assets, eq(assets.id, matching.id))
      .innerJoin(datasets, eq(datasets.id, assets.datasetId))
      .orderBy(...orderOf(sort));
  };
  const shape = [criteria.publicOnly, byTotals, sort.sortBy, sort.sortOrder, bindings.names].join();
  return { shape, values: bindings.values, build };
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
