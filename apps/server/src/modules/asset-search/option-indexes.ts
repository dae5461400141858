import { channel } from 'node:diagnostics_channel';
import type { Database } from '../../db/client';
import { type TableChange, parseAssetChange, shownDatasetIds } from '../../db/notifications';
import { cacheOf } from '../../db/cache';
import type { PageWindow, PointsQuery } from './asset-search';
import { type AssetCriteria, type AssetSort, narrowsOnlyBy } from './criteria';
import { NO_POINTS, type RenderedMap } from './map-columns';
import { type IndexOrder, type IndexedPage, OptionIndex } from './option-index';
import { isDatasetActive, selectAssetListing, selectIndexedAssets } from './option-index.repo';
import { pointsAnswer } from './points.repo';
import { countAssets } from './sql-search';
import { indexedSearchTerm } from './search-terms';

/** The pages the index answers: the public's, of one dataset, filtered by answers or not, by date (and searched, see page). */
function isIndexedKind(criteria: AssetCriteria, sort: AssetSort): criteria is AssetCriteria & { datasetId: number } {
  return criteria.publicOnly && criteria.datasetId !== undefined && sort.sortBy === 'date';
}

/** More changed assets than this are read by building the index again rather than one by one. */
const MAX_CATCH_UP = 1_000;

/** What the public's pages may ask of an index: the dataset, the answers, a text search, nothing else. */
const INDEXED_CRITERIA = new Set<keyof AssetCriteria>(['publicOnly', 'datasetId', 'filters', 'search']);

/** How a build of a dataset's index ended: put in place, left to the database, or not kept. */
export type IndexBuildEnd = {
  datasetId: number;
  outcome: 'built' | 'too large' | 'outdated' | 'failed';
  ms: number;
};

/**
 * Every build's IndexBuildEnd, for whatever watches the server from outside its code (`subscribe`):
 * the benchmark measures health until the build ends, not only until the first requests that start
 * it are answered.
 */
export const indexBuildEnds = channel('trashegimia:option-index-build-end');

type DatasetState = {
  index: OptionIndex | null;
  /** Whether `index` holds every change notified, but for the assets in `changed`. */
  current: boolean;
  /** Assets notified as changed that the index has not read since. */
  changed: Set<string>;
  /** Whether the dataset is active; undefined until read again after a change of the dataset. */
  active: boolean | undefined;
  /** Moves on with every change of the dataset's row, so that a read it overtook is not kept. */
  datasetVersion: number;
  /** Moves on with every change the notified ids do not describe (the whole table, or listening lost). */
  wholeChanges: number;
  /** The build under way; the index in place (if current) answers meanwhile. */
  building: Promise<void> | null;
  /** While a build is under way: the assets read again meanwhile, which it may predate. */
  readDuringBuild: Set<string> | null;
  /** The `wholeChanges` at which the dataset was found to hold more assets than an index may: none is built until the next. */
  tooLargeAt: number | null;
  /** The catch-up under way: one at a time, and a caller that needs it waits. */
  catchingUp: Promise<void> | null;
};

/**
 * The option indexes (option-index.ts) of the datasets the public filters, kept as current as the
 * database's notifications (db/notifications.ts). A notified asset is read again before the next
 * answer, which waits for it, so an answer never misses a change notified before it was asked. An
 * index is built in the background, on a dataset's first filter and after a change the
 * notifications do not describe (a bulk review of many assets, an import); until it is ready the
 * database answers, as it does while notifications are not received (the listening connection lost).
 */
export class OptionIndexes {
  #datasets = new Map<number, DatasetState>();
  readonly #changes: ReturnType<typeof cacheOf>;
  readonly #stopWatching: () => void;

  /** `maxAssets`: a dataset with more approved assets than this is left to the database. */
  /** `reportFailure` hears a build or a catch-up that failed (the database answers meanwhile), to log it. */
  constructor(
    private readonly db: Database,
    private readonly maxAssets: number,
    private readonly reportFailure: (error: unknown, what: string) => void = () => {},
  ) {
    this.#changes = cacheOf(db);
    this.#stopWatching = this.#changes?.watch((change) => this.#changed(change)) ?? (() => {});
  }

  close(): void {
    this.#stopWatching();
  }

  /**
   * The ids of one page of a dataset's approved assets filtered by answers or searched, newest or
   * oldest first, and their total, as the public sees them; undefined when the index cannot answer
   * (then the database does): another criterion, order or viewer, a search only the database can
   * look for (text-search.ts), or an index not ready.
   */
  async page(criteria: AssetCriteria, sort: AssetSort, window: PageWindow): Promise<IndexedPage | undefined> {
    if (!isIndexedKind(criteria, sort) || !narrowsOnlyBy(criteria, INDEXED_CRITERIA) || !this.#changes?.listening) {
      return undefined;
    }
    const { datasetId, filters, search } = criteria;
    const term = search === undefined ? undefined : indexedSearchTerm(search);
    if (search !== undefined && term === undefined) return undefined;
    const dataset = this.#dataset(datasetId);
    const index = await this.#current(datasetId, dataset);
    if (!index) return undefined;
    if (!(await this.#isActive(datasetId, dataset))) return { ids: [], total: 0 };
    const order: IndexOrder = sort.sortOrder === 'desc' ? 'dateDesc' : 'dateAsc';
    return index.page(
      (filters ?? []).map((filter) => filter.optionIds),
      order,
      window.offset,
      window.limit,
      term,
    );
  }

  /**
   * A dataset's map as the public sees it, whole or of one risk level, searched or not, as
   * GET /surveys/assets/points answers it; undefined when the index cannot answer (not ready,
   * notifications not received, a search it leaves to the database), and the database does.
   */
  async points({ datasetId, riskLevel, limit, search }: PointsQuery): Promise<Buffer | undefined> {
    const term = search === undefined ? undefined : indexedSearchTerm(search);
    if (!this.#changes?.listening || (search !== undefined && term === undefined)) return undefined;
    const dataset = this.#dataset(datasetId);
    const index = await this.#current(datasetId, dataset);
    if (!index) return undefined;
    const map = !(await this.#isActive(datasetId, dataset))
      ? NO_POINTS
      : term === undefined
        ? index.points(riskLevel, limit)
        : index.searchedPoints(term, riskLevel, limit);
    return map && answerOf(datasetId, map, limit);
  }

  #dataset(datasetId: number): DatasetState {
    let dataset = this.#datasets.get(datasetId);
    if (!dataset) {
      dataset = {
        index: null,
        current: false,
        changed: new Set(),
        active: undefined,
        datasetVersion: 0,
        wholeChanges: 0,
        building: null,
        readDuringBuild: null,
        catchingUp: null,
        tooLargeAt: null,
      };
      this.#datasets.set(datasetId, dataset);
    }
    return dataset;
  }

  /** The index with every change notified before this call read; null while it is being built. */
  async #current(datasetId: number, dataset: DatasetState): Promise<OptionIndex | null> {
    if (!dataset.index || !dataset.current || dataset.index.wasteful) this.#build(datasetId, dataset);
    if (!dataset.index || !dataset.current) return null;
    // A catch-up that began before this call may have missed a change notified since: wait for it, then read what is left.
    if (dataset.catchingUp) await dataset.catchingUp;
    if (!dataset.catchingUp && dataset.changed.size > 0) {
      dataset.catchingUp = this.#catchUp(datasetId, dataset);
    }
    // Begun after this call, by it or another: it reads every change notified before.
    if (dataset.catchingUp) await dataset.catchingUp;
    // A failed catch-up leaves changes unread: the database answers until the index is built again.
    return dataset.current ? dataset.index : null;
  }

  /** Reads the whole dataset into a new index beside the one in place, unless a build is under way. */
  #build(datasetId: number, dataset: DatasetState) {
    if (dataset.building || dataset.tooLargeAt === dataset.wholeChanges) return;
    const started = performance.now();
    const wholeChanges = dataset.wholeChanges;
    const datasetVersion = dataset.datasetVersion;
    const readDuringBuild = (dataset.readDuringBuild = new Set());
    dataset.building = countAssets(this.db, { publicOnly: false, datasetId, status: 'APPROVED' })
      .then(async (size): Promise<IndexBuildEnd['outcome']> => {
        if (size > this.maxAssets) {
          dataset.tooLargeAt = wholeChanges;
          dataset.index = null;
          return 'too large';
        }
        const { active, listing } = await selectAssetListing(this.db, datasetId);
        const index = await OptionIndex.build(listing);
        // A change the notifications did not describe came meanwhile: the next call builds again.
        if (wholeChanges !== dataset.wholeChanges) return 'outdated';
        // What was read again meanwhile may postdate what this read: read it again for the new index.
        for (const id of readDuringBuild) dataset.changed.add(id);
        dataset.index = index;
        dataset.current = true;
        if (datasetVersion === dataset.datasetVersion) dataset.active = active;
        return 'built';
      })
      .catch((error: unknown) => {
        this.reportFailure(
          error,
          `could not build the option index of dataset ${datasetId}; the database answers its lists`,
        );
        return 'failed' as const;
      })
      .then((outcome) => {
        dataset.building = null;
        dataset.readDuringBuild = null;
        indexBuildEnds.publish({ datasetId, outcome, ms: performance.now() - started } satisfies IndexBuildEnd);
      });
  }

  /**
   * Whether the dataset is active, read again after a change of it. The answer read serves the call
   * that asked even when another change came meanwhile (it is newer than the call); it is kept for
   * the calls after only when none did.
   */
  async #isActive(datasetId: number, dataset: DatasetState): Promise<boolean> {
    if (dataset.active !== undefined) return dataset.active;
    const datasetVersion = dataset.datasetVersion;
    const active = await isDatasetActive(this.db, datasetId);
    if (datasetVersion === dataset.datasetVersion) dataset.active = active;
    return active;
  }

  /** Reads the notified assets again. */
  #catchUp(datasetId: number, dataset: DatasetState): Promise<void> {
    const ids = [...dataset.changed];
    dataset.changed.clear();
    for (const id of ids) dataset.readDuringBuild?.add(id);
    const read = async () => {
      const rows = new Map((await selectIndexedAssets(this.db, ids)).map((row) => [row.id, row]));
      for (const id of ids) {
        const row = rows.get(id);
        if (row?.datasetId === datasetId && row.status === 'APPROVED') dataset.index?.upsert(row);
        else dataset.index?.remove(id);
      }
    };
    return read()
      .catch((error: unknown) => {
        this.reportFailure(
          error,
          `could not read changed assets into the option index of dataset ${datasetId}; it is built again`,
        );
        // Which of them were read is unknown: the index is built again.
        dataset.current = false;
      })
      .finally(() => (dataset.catchingUp = null));
  }

  #changed(change: TableChange) {
    if (change === 'everything') {
      for (const dataset of this.#datasets.values()) {
        this.#changedWhole(dataset);
        this.#datasetChanged(dataset);
      }
    } else if (change.table === 'assets') {
      this.#assetsChanged(change.parts);
    } else if (change.table === 'datasets') {
      // Only a dataset's name or activity matters here.
      const changed = change.parts.length
        ? shownDatasetIds(change.parts).flatMap((id) => this.#datasets.get(id) ?? [])
        : this.#datasets.values();
      for (const dataset of changed) this.#datasetChanged(dataset);
    }
  }

  #assetsChanged(parts: string[]) {
    if (parts.length === 0) {
      for (const dataset of this.#datasets.values()) this.#changedWhole(dataset);
      return;
    }
    const { assetId: asset, publicDatasetId } = parseAssetChange(parts);
    const dataset = publicDatasetId === undefined ? undefined : this.#datasets.get(publicDatasetId);
    if (!asset || !dataset) return;
    dataset.changed.add(asset);
    if (dataset.changed.size > MAX_CATCH_UP) this.#changedWhole(dataset);
  }

  #changedWhole(dataset: DatasetState) {
    dataset.wholeChanges++;
    dataset.current = false;
    dataset.changed.clear();
  }

  #datasetChanged(dataset: DatasetState) {
    dataset.active = undefined;
    dataset.datasetVersion++;
  }
}

const answerOf = (datasetId: number, { parts, total }: RenderedMap, limit: number) =>
  pointsAnswer(datasetId, parts, total, total > limit);
