import { markdownTable } from './report';

export type Measurement = {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
};

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Runs `work` sequentially `runs` times (after a short warm-up) and reports latency percentiles in
 * ms; with `maxSeconds`, stops early once that much time has passed (slow work on large data).
 */
export async function measure(
  name: string,
  runs: number,
  work: () => Promise<unknown>,
  maxSeconds = Number.POSITIVE_INFINITY,
): Promise<Measurement> {
  for (let i = 0; i < Math.min(10, runs); i++) await work();
  const durations: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs && performance.now() - started < maxSeconds * 1000; i++) {
    const start = performance.now();
    await work();
    durations.push(performance.now() - start);
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    name,
    runs: durations.length,
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
    perSecond: durations.length / elapsedSeconds,
  };
}

export function printTable(title: string, rows: Measurement[]) {
  console.log(`\n${title}\n`);
  console.log(
    markdownTable(
      ['scenario', 'runs', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'],
      rows.map((row) => [
        row.name,
        row.runs,
        row.p50.toFixed(2),
        row.p95.toFixed(2),
        row.p99.toFixed(2),
        row.perSecond.toFixed(0),
      ]),
    ),
  );
}
