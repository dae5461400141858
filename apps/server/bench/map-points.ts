/**
 * The interactive map's data: 10,000 points of one dataset through the compact endpoint
 * (GET /surveys/assets/points) against the same points through the list shape, which serves at
 * most 1,000 assets a page, so a map needs ten pages of it. One connection, as one visitor opening
 * the map; the target is the compact call's p95.
 */
import type { AssetPoints } from '@trashegimia/contract/assets';
import { type LoadOptions, type LoadResult, preflight, runLoad, runSequential, type Scenario } from './http-load';
import { measure, type Measurement } from './measure';
import { markdownTable } from './report';

export const MAP_POINTS = 10_000;
export const MAP_POINTS_P95_MS = 150;
const LIST_PAGE = 1_000;
/**
 * Visitors opening the map at once. Each answer is 1.5 MB of JSON, so the run's 50 connections
 * would queue several seconds deep and finish nothing within a quick run.
 */
const MAP_CONNECTIONS = 10;

export type MapPointsResult = {
  /** How many points the dataset really gave (fewer than MAP_POINTS on a small --assets run). */
  points: number;
  compact: LoadResult;
  /** The same call as a browser makes it, accepting compression (brotli, here). */
  compactGzip: LoadResult;
  /** The compact call with MAP_CONNECTIONS visitors at once: throughput, not the target. */
  compactLoaded: LoadResult;
  list: Measurement;
  compactBytes: number;
  listBytes: number;
};

export async function measureMapPoints(
  baseUrl: string,
  datasetId: number,
  options: LoadOptions,
): Promise<MapPointsResult> {
  const compactScenario: Scenario = {
    name: `map points, compact (${MAP_POINTS.toLocaleString('en')})`,
    method: 'GET',
    paths: [`/api/surveys/assets/points?datasetId=${datasetId}&limit=${MAP_POINTS}`],
  };
  const compactBody = JSON.stringify(await preflight(baseUrl, compactScenario));
  const points = (JSON.parse(compactBody) as AssetPoints).points.id.length;
  if (points === 0) throw new Error('the map points call found nothing');

  const pages = Math.ceil(points / LIST_PAGE);
  const listPaths = Array.from(
    { length: pages },
    (_, i) => `/api/surveys/dataset-respondents?datasetId=${datasetId}&page=${i + 1}&limit=${LIST_PAGE}`,
  );
  let listBytes = 0;
  for (const path of listPaths) listBytes += (await (await fetch(baseUrl + path)).text()).length;

  const compact = await runSequential(baseUrl, compactScenario, options.seconds);
  const compactGzip = await runSequential(
    baseUrl,
    {
      ...compactScenario,
      name: `${compactScenario.name}, compressed`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    },
    options.seconds,
  );
  const compactLoaded = await runLoad(baseUrl, compactScenario, { ...options, connections: MAP_CONNECTIONS });
  const list = await measure(
    `list shape, ${pages} pages × ${LIST_PAGE.toLocaleString('en')} (1 connection)`,
    1_000,
    async () => {
      for (const path of listPaths) {
        const response = await fetch(baseUrl + path);
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
      }
    },
    options.seconds,
  );
  return { points, compact, compactGzip, compactLoaded, list, compactBytes: compactBody.length, listBytes };
}

export function printMapPointsReport(result: MapPointsResult) {
  const ms = (value: number) => value.toFixed(1);
  const kb = (bytes: number) => Math.round(bytes / 1024).toLocaleString('en');
  const failed = (r: LoadResult) => r.non2xx + r.errors > 0;
  const row = (r: LoadResult | Measurement, bytes: number | '', target: boolean) => [
    r.name,
    r.runs,
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    bytes === '' ? '' : kb(bytes),
    target ? `p95 ≤ ${MAP_POINTS_P95_MS} ms` : '',
    target ? (r.p95 <= MAP_POINTS_P95_MS && !failed(r as LoadResult) ? '✓' : '✗') : '',
  ];
  console.log(
    `\nInteractive map: ${result.points.toLocaleString('en')} points of one dataset` +
      (result.points < MAP_POINTS
        ? ` (the dataset has fewer than ${MAP_POINTS.toLocaleString('en')}: raise --assets)`
        : ''),
  );
  console.log(
    '\n' +
      markdownTable(
        ['map data', 'runs', 'p50 ms', 'p95 ms', 'p99 ms', 'KB', 'target', ''],
        [
          row(result.compact, result.compactBytes, true),
          row(result.compactGzip, '', true),
          row(result.list, result.listBytes, false),
          [
            `${result.compactLoaded.name}, ${MAP_CONNECTIONS} connections`,
            result.compactLoaded.runs,
            ...(result.compactLoaded.runs === 0
              ? ['none finished', '', '']
              : [ms(result.compactLoaded.p50), ms(result.compactLoaded.p95), ms(result.compactLoaded.p99)]),
            '',
            `${result.compactLoaded.perSecond.toFixed(1)} req/s`,
            failed(result.compactLoaded) ? '✗' : '',
          ],
        ],
      ),
  );
}
