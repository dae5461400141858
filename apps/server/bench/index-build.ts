/**
 * Whether building a dataset's option index holds up other requests (issue 33: health p99 ≤ 20 ms,
 * max ≤ 100 ms while it builds). A fresh server builds the index on the first public requests of a
 * dataset; while they run, one client asks GET /api/health back to back on its own connection.
 */
import { markdownTable } from './report';
import { percentile } from './measure';

const HEALTH_P99_TARGET_MS = 20;
const HEALTH_MAX_TARGET_MS = 100;

export type IndexBuildWatch = {
  /** How long the first requests (the ones that build the index) took together. */
  firstRequestsMs: number;
  health: { count: number; p50: number; p99: number; max: number };
};

export async function watchHealthDuring(baseUrl: string, firstRequests: () => Promise<void>): Promise<IndexBuildWatch> {
  const latencies: number[] = [];
  let done = false;
  const poll = async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/health answered ${response.status} while the index built`);
      latencies.push(performance.now() - started);
    }
  };
  const polling = poll();
  const started = performance.now();
  try {
    await firstRequests();
  } finally {
    done = true;
    await polling;
  }
  const firstRequestsMs = performance.now() - started;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    firstRequestsMs,
    health: {
      count: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    },
  };
}

export function printIndexBuildReport(label: string, datasetAssets: number, watch: IndexBuildWatch) {
  const { health } = watch;
  console.log(
    `\n${label}: GET /api/health while the first requests of the largest dataset ` +
      `(${datasetAssets.toLocaleString('en')} assets) build its index, ${Math.round(watch.firstRequestsMs)} ms\n`,
  );
  console.log(
    markdownTable(
      ['health requests', 'p50 ms', 'p99 ms', 'max ms', 'target'],
      [
        [
          health.count,
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
