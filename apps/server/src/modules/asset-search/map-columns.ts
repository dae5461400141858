import type { RiskLevel } from '@trashegimia/contract/assets';
import { lowerBound } from './lower-bound';
import type { Turns } from './sort-in-slices';

/** What a map shows of an asset besides its id and date (AssetPoints' columns). */
export type MapPoint = {
  /** Not on a map unless both are numbers on Earth (NaN, ±Infinity and null are not). */
  lat: number | null;
  lng: number | null;
  name: string | null;
  municipality: string | null;
  village: string | null;
  risk: string | null;
  riskLevel: RiskLevel;
};

/** An asset as its dataset's map shows it. */
export type MappedAsset = MapPoint & {
  id: string;
  /** Microseconds since 1970, as the database keeps the date. */
  dateMicros: number;
};

/** A map as the JSON text of `AssetPoints['points']` in UTF-8, in parts to be written one after the other, and how many assets match in all. */
export type RenderedMap = { parts: Buffer[]; total: number };

/** A run rendered this many points at a time: a change renders again the run it falls in, no more. */
const RUN_POINTS = 256;

/** AssetPoints' columns, in the order the database writes them (points.repo.ts). */
const COLUMNS = ['id', 'lat', 'lng', 'name', 'municipality', 'village', 'date', 'risk', 'riskLevel'] as const;

const columnValue: Record<(typeof COLUMNS)[number], (asset: MappedAsset) => unknown> = {
  id: (asset) => asset.id,
  lat: (asset) => asset.lat,
  lng: (asset) => asset.lng,
  name: (asset) => asset.name,
  municipality: (asset) => asset.municipality,
  village: (asset) => asset.village,
  // As the database's to_char writes a date: to the millisecond, the microseconds cut off.
  date: (asset) => new Date(Math.floor(asset.dateMicros / 1_000)).toISOString(),
  risk: (asset) => asset.risk,
  riskLevel: (asset) => asset.riskLevel,
};

/** One run's columns for one risk level (or all), each the JSON values joined by commas, without brackets. */
type RenderedRun = { count: number; columns: Buffer[] };

/** `counted`: how many of its assets a risk level (or all) has, for the runs past a map's limit, which are counted and not rendered. */
type Run = {
  assets: MappedAsset[];
  rendered: Map<RiskLevel | undefined, RenderedRun>;
  counted: Map<RiskLevel | undefined, number>;
};

/**
 * A dataset's assets on the map, in its order (newest first), as runs of a few hundred, each
 * rendered to JSON once per risk level and kept until an asset in it changes (the runs past a map's
 * limit are only counted, so what is kept is about the size of the maps asked for). A map is then the
 * runs' bytes put together: about a millisecond for 20,000 points, where writing them out whole took
 * forty, and the event loop that every visitor waits on cannot spare that after every review.
 */
export class MapColumns {
  #runs: Run[] = [];

  /** `compare`: the map's order, newest first; `assets`: already in it. */
  constructor(
    private readonly compare: (a: MappedAsset, b: MappedAsset) => number,
    assets: readonly MappedAsset[] = [],
  ) {
    for (let at = 0; at < assets.length; at += RUN_POINTS) this.#append(assets, at);
  }

  /** Takes `assets`, already in the map's order, into a map that holds none yet, in turns. */
  async fill(assets: readonly MappedAsset[], turns: Turns): Promise<void> {
    for (let at = 0; at < assets.length; at += RUN_POINTS) {
      this.#append(assets, at);
      if (turns.due) await turns.pause();
    }
  }

  /** The ones on Earth of RUN_POINTS assets from `at`, as a run after the last. */
  #append(assets: readonly MappedAsset[], at: number) {
    const onMap = assets.slice(at, at + RUN_POINTS).filter(onEarth);
    if (onMap.length > 0) this.#runs.push(newRun(onMap));
  }

  /** Adds the asset, if it has coordinates on Earth; one already held is to be removed first. */
  add(asset: MappedAsset): void {
    if (!onEarth(asset)) return;
    if (this.#runs.length === 0) {
      this.#runs.push(newRun([asset]));
      return;
    }
    const r = Math.min(this.#runIndex(asset), this.#runs.length - 1);
    const run = this.#runs[r]!;
    run.assets.splice(this.#place(run, asset), 0, asset);
    forget(run);
    if (run.assets.length > 2 * RUN_POINTS) {
      this.#runs.splice(r + 1, 0, newRun(run.assets.splice(RUN_POINTS)));
    }
  }

  /** Removes the asset as it was added (the same date and id). */
  remove(asset: MappedAsset): void {
    if (!onEarth(asset)) return;
    const r = this.#runIndex(asset);
    const run = this.#runs[r];
    if (!run) return;
    const at = this.#place(run, asset);
    if (at >= run.assets.length || this.compare(run.assets[at]!, asset) !== 0) return;
    run.assets.splice(at, 1);
    forget(run);
    if (run.assets.length === 0) this.#runs.splice(r, 1);
  }

  /** The first `limit` assets of `riskLevel` (any if undefined) as the map's columns, and how many there are. */
  render(riskLevel: RiskLevel | undefined, limit: number): RenderedMap {
    const columns: Buffer[][] = COLUMNS.map(() => []);
    let total = 0;
    for (const run of this.#runs) {
      const room = limit - total;
      if (room <= 0) {
        total += countRun(run, riskLevel);
        continue;
      }
      let rendered = run.rendered.get(riskLevel);
      if (!rendered) run.rendered.set(riskLevel, (rendered = renderRun(run.assets, riskLevel)));
      if (rendered.count === 0) continue;
      total += rendered.count;
      // The run that reaches the limit: only its first points, rendered for this answer alone.
      const shown = rendered.count <= room ? rendered : renderRun(run.assets, riskLevel, room);
      shown.columns.forEach((column, c) => columns[c]!.push(column));
    }
    const parts: Buffer[] = [];
    COLUMNS.forEach((name, c) => {
      parts.push(Buffer.from(`${c === 0 ? '{' : '],'}"${name}":[`));
      columns[c]!.forEach((column, i) => parts.push(...(i === 0 ? [column] : [COMMA, column])));
    });
    parts.push(Buffer.from(']}'));
    return { parts, total };
  }

  /** The run the asset belongs in: the first whose last asset does not come before it. */
  #runIndex(asset: MappedAsset): number {
    return lowerBound(this.#runs.length, (at) => this.compare(this.#runs[at]!.assets.at(-1)!, asset) < 0);
  }

  /** The first place in the run whose asset does not come before this one. */
  #place(run: Run, asset: MappedAsset): number {
    return lowerBound(run.assets.length, (at) => this.compare(run.assets[at]!, asset) < 0);
  }
}

const COMMA = Buffer.from(',');

/** The map of a dataset the public does not see. */
export const NO_POINTS: RenderedMap = new MapColumns(() => 0).render(undefined, 0);

const newRun = (assets: MappedAsset[]): Run => ({ assets, rendered: new Map(), counted: new Map() });

/** After a change of the run: what was rendered and counted of it is out of date. */
function forget(run: Run) {
  run.rendered.clear();
  run.counted.clear();
}

/** How many of the run's assets are of the risk level (all, if undefined). */
function countRun(run: Run, riskLevel: RiskLevel | undefined): number {
  let count = run.counted.get(riskLevel);
  if (count === undefined) {
    count = riskLevel === undefined ? run.assets.length : run.assets.filter((a) => a.riskLevel === riskLevel).length;
    run.counted.set(riskLevel, count);
  }
  return count;
}

/** The run's assets of the risk level (the first `limit` of them) as comma-joined JSON values per column. */
function renderRun(assets: readonly MappedAsset[], riskLevel: RiskLevel | undefined, limit = Infinity): RenderedRun {
  const shown: MappedAsset[] = [];
  for (const asset of assets) {
    if (shown.length >= limit) break;
    if (riskLevel === undefined || asset.riskLevel === riskLevel) shown.push(asset);
  }
  const columns = COLUMNS.map((name) => {
    const json = JSON.stringify(shown.map(columnValue[name]));
    return Buffer.from(json.slice(1, -1));
  });
  return { count: shown.length, columns };
}

/** As points.repo.ts's ON_EARTH: a comparison with NaN is false in JavaScript and, for these, in PostgreSQL. */
export function onEarth({ lat, lng }: MapPoint): boolean {
  return lat !== null && lng !== null && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
}
