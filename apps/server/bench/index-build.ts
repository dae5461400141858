/**
 * Whether building a dataset's option index holds up other requests (issue 33: health p99 ≤ 20 ms,
 * max ≤ 100 ms while it builds). A fresh server builds the index on the first public requests of a
 * dataset, in the background: from those requests until the server tells that the build ended
 * (server-process.ts), one client asks GET /api/health back to back on its own connection.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { IndexBuildEnd } from '../src/modules/asset-search/option-indexes';
import type { ServerProcess } from './export-memory';
import { markdownTable } from './report';
import { percentile } from './measure';

const HEALTH_P99_TARGET_MS = 20;
const HEALTH_MAX_TARGET_MS = 100;

/** Far beyond a build of the largest dataset an index may hold: the first requests started none. */
const BUILD_WAIT_MS = 120_000;

export type IndexBuildWatch = {
  /** From the first requests until they were answered and the build had ended. */
  windowMs: number;
  build: Pick<IndexBuildEnd, 'outcome' | 'ms'>;
  /** `duringBuild`: the requests under way at some moment of the build. */
  health: { count: number; duringBuild: number; p50: number; p99: number; max: number };
};

export async function watchHealthDuring(
  server: ServerProcess,
  datasetId: number,
  firstRequests: () => Promise<void>,
): Promise<IndexBuildWatch> {
  const samples: { startedAt: number; ms: number }[] = [];
  let done = false;
  const poll = async () => {
    while (!done) {
      // Wall-clock time, to compare with the build's end as the server process tells it.
      const startedAt = Date.now();
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/health answered ${response.status} while the index built`);
      samples.push({ startedAt, ms: performance.now() - started });
    }
  };
  const noBuildEnded = async (): Promise<never> => {
    await sleep(BUILD_WAIT_MS, undefined, { ref: false });
    throw new Error(`no index build of dataset ${datasetId} ended within ${BUILD_WAIT_MS / 1000} s`);
  };
  // Heard from before the first requests, which start the build.
  const buildEnded = Promise.race([server.nextIndexBuildEnd(datasetId), noBuildEnded()]);
  const polling = poll();
  const started = performance.now();
  const [, end] = await Promise.all([firstRequests(), buildEnded]).finally(() => {
    done = true;
    return polling;
  });
  const windowMs = performance.now() - started;
  const buildStartedAt = end.endedAt - end.ms;
  const duringBuild = samples.filter(
    (sample) => sample.startedAt <= end.endedAt && sample.startedAt + sample.ms >= buildStartedAt,
  );
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    windowMs,
    build: { outcome: end.outcome, ms: end.ms },
    health: {
      count: sorted.length,
      duringBuild: duringBuild.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    },
  };
}

export function printIndexBuildReport(label: string, datasetAssets: number, watch: IndexBuildWatch) {
  const { health, build } = watch;
  console.log(
    `\n${label}: GET /api/health from the first requests of the largest dataset ` +
      `(${datasetAssets.toLocaleString('en')} assets) until its index build ended, ${Math.round(watch.windowMs)} ms ` +
      `(build: ${build.outcome} after ${Math.round(build.ms)} ms)\n`,
  );
  console.log(
    markdownTable(
      ['health requests', 'during the build', 'p50 ms', 'p99 ms', 'max ms', 'target'],
      [
        [
          health.count,
          health.duringBuild,
          health.p50.toFixed(1),
          health.p99.toFixed(1),
          health.max.toFixed(1),
          `p99 ≤ ${HEALTH_P99_TARGET_MS} ${health.p99 <= HEALTH_P99_TARGET_MS ? '✓' : '✗'}, ` +
            `max ≤ ${HEALTH_MAX_TARGET_MS} ${health.max <= HEALTH_MAX_TARGET_MS ? '✓' : '✗'}`,
        ],
      ],
    ),
  );
}
