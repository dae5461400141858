/**
 * The benchmark's output: Markdown tables (ready for the README), with each target beside its
 * figure and ✓/✗. Figures are reported, never asserted.
 */
import type { ExportResult } from './export-memory';
import type { LoadResult } from './http-load';
import type { Measurement } from './measure';

export const TARGETS = {
  listP95Ms: 25,
  filterP95Ms: 50,
  apiOverSql: 2,
  detailOverSql: 3,
  csvSeconds: 10,
  xlsxSeconds: 15,
  exportPeakMb: 256,
  pgliteOverServer: 2.5,
} as const;

export type DriverLabel = 'PostgreSQL server' | 'PGlite';

export type DriverResult = {
  label: DriverLabel;
  load: LoadResult[];
  /** The different 3-filter calls (none kept), one connection, and their statements run directly. */
  filterSequential: LoadResult;
  filterSql: Measurement;
  detailSequential: LoadResult;
  detailSql: Measurement;
  exports: ExportResult[];
};

const MB = 2 ** 20;
const ms = (value: number) => value.toFixed(1);
/** A scenario none of whose requests finished within the run: every one took longer than that. */
const latency = (r: LoadResult, value: number, seconds: number) => (r.runs === 0 ? `> ${seconds * 1000}` : ms(value));
const check = (ok: boolean) => (ok ? '✓' : '✗');

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(cells[0] ?? []), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

/** The target of a load scenario, by its name's leading word. */
function latencyTarget(result: LoadResult): number {
  return result.name.startsWith('3-filter') ? TARGETS.filterP95Ms : TARGETS.listP95Ms;
}

export function printDriverReport(
  result: DriverResult,
  context: { assets: number; connections: number; seconds: number },
) {
  const embedded = result.label === 'PGlite';
  console.log(
    `\n### ${result.label} — ${context.assets.toLocaleString('en')} synthetic assets, ${context.connections} connections` +
      (embedded ? ' (targets are the server’s; PGlite is judged by the comparison, ≤ 2.5×)' : ''),
  );
  console.log(
    '\n' +
      markdownTable(
        ['scenario', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'non-2xx', 'errors', 'target', ''],
        result.load.map((r) => {
          const target = latencyTarget(r);
          return [
            r.name,
            r.runs,
            latency(r, r.p50, context.seconds),
            latency(r, r.p95, context.seconds),
            latency(r, r.p99, context.seconds),
            r.perSecond.toFixed(0),
            r.non2xx,
            r.errors,
            `p95 ≤ ${target} ms`,
            check(r.runs > 0 && r.p95 <= target && r.non2xx + r.errors === 0),
          ];
        }),
      ),
  );

  const slowest = Math.min(...result.load.map((r) => r.perSecond));
  console.log(
    `With ${context.connections} connections each sending its next request as soon as the last is answered, ` +
      `latency ≈ ${context.connections} ÷ throughput (Little's law): a p50 of 25 ms takes ≈ ${Math.round(context.connections / 0.025).toLocaleString('en')} req/s; ` +
      `the slowest call here serves ${slowest.toFixed(0)} req/s.`,
  );

  const seq = result.filterSequential;
  const sql = result.filterSql;
  const loaded = result.load.find((r) => seq.name === `${r.name} (1 connection)`);
  console.log(`\n${apiAgainstSqlTable('3-filter query, sequential', seq, sql, TARGETS.apiOverSql)}`);
  if (loaded && loaded.runs > 0) {
    console.log(
      `(Under ${context.connections} connections the API p50 is ${ms(loaded.p50)} ms = ${(loaded.p50 / sql.p50).toFixed(1)}× the SQL p50, ` +
        'but that includes queueing behind the other connections; the 1-connection ratio above is the fair one.)',
    );
  }
  console.log(
    `\n${apiAgainstSqlTable('asset detail, sequential', result.detailSequential, result.detailSql, TARGETS.detailOverSql)}`,
  );

  console.log(
    '\n' +
      markdownTable(
        [
          'export (admin, whole dataset)',
          'rows',
          'MB',
          'seconds',
          'RSS before MB',
          'peak RSS MB',
          'Δ MB',
          'target',
          '',
        ],
        result.exports.map((e) => {
          const limit = e.format === 'CSV' ? TARGETS.csvSeconds : TARGETS.xlsxSeconds;
          const delta = (e.peakRss - e.baselineRss) / MB;
          // With the database in the process, its engine's memory is not the export's: judge the Δ.
          const memory = embedded ? delta : e.peakRss / MB;
          return [
            e.format,
            Number.isNaN(e.rows) ? '' : e.rows.toLocaleString('en'),
            (e.bytes / MB).toFixed(1),
            e.seconds.toFixed(2),
            (e.baselineRss / MB).toFixed(0),
            (e.peakRss / MB).toFixed(0),
            delta.toFixed(0),
            `≤ ${limit} s, ${embedded ? 'Δ' : 'peak'} ≤ ${TARGETS.exportPeakMb} MB`,
            check(e.seconds <= limit && memory <= TARGETS.exportPeakMb),
          ];
        }),
      ),
  );
  console.log(
    embedded
      ? 'Memory: RSS of the server process (sampled every 50 ms), which embeds PGlite — the Δ over the RSS just before the export is what the export costs.'
      : 'Memory: RSS of the server process alone (a child process, sampled every 50 ms; the database is another process).',
  );
}

export function printComparison(server: DriverResult, embedded: DriverResult) {
  const rows: (string | number)[][] = [];
  const row = (name: string, serverText: string, embeddedText: string, ratio: number) =>
    rows.push(
      Number.isNaN(ratio)
        ? [name, serverText, embeddedText, '—', '']
        : [name, serverText, embeddedText, `${ratio.toFixed(2)}×`, check(ratio <= TARGETS.pgliteOverServer)],
    );
  const add = (name: string, serverValue: number, embeddedValue: number, unit: 'ms' | 's') => {
    const digits = unit === 's' ? 2 : 1;
    row(
      name,
      `${serverValue.toFixed(digits)} ${unit}`,
      `${embeddedValue.toFixed(digits)} ${unit}`,
      embeddedValue / serverValue,
    );
  };
  for (const s of server.load) {
    const e = embedded.load.find((r) => r.name === s.name);
    if (!e) continue;
    if (s.runs === 0 || e.runs === 0)
      row(`${s.name} p95`, s.runs ? ms(s.p95) : 'none finished', e.runs ? ms(e.p95) : 'none finished', Number.NaN);
    else add(`${s.name} p95`, s.p95, e.p95, 'ms');
  }
  for (const s of server.load) {
    const e = embedded.load.find((r) => r.name === s.name);
    // Throughput: how many times fewer requests per second PGlite serves.
    if (e && e.perSecond > 0) {
      row(`${s.name} req/s`, s.perSecond.toFixed(0), e.perSecond.toFixed(0), s.perSecond / e.perSecond);
    }
  }
  add('3-filter p50, 1 connection', server.filterSequential.p50, embedded.filterSequential.p50, 'ms');
  add('3-filter bare SQL p50', server.filterSql.p50, embedded.filterSql.p50, 'ms');
  for (const s of server.exports) {
    const e = embedded.exports.find((x) => x.format === s.format);
    if (e) add(`${s.format} export`, s.seconds, e.seconds, 's');
  }
  console.log(`\n### PGlite ÷ PostgreSQL server (target ≤ ${TARGETS.pgliteOverServer}×)\n`);
  console.log(markdownTable(['figure', 'server', 'PGlite', 'PGlite ÷ server', ''], rows));
}

/** A call on one connection, its statement run directly, and the ratio of their p50s against its target. */
function apiAgainstSqlTable(title: string, api: LoadResult, sql: Measurement, maxRatio: number): string {
  const row = (m: LoadResult | Measurement) => [
    m.name,
    m.runs,
    ms(m.p50),
    ms(m.p95),
    ms(m.p99),
    m.perSecond.toFixed(0),
    '',
    '',
  ];
  const ratio = api.p50 / sql.p50;
  return markdownTable(
    [title, 'runs', 'p50 ms', 'p95 ms', 'p99 ms', 'per s', 'target', ''],
    [
      row(api),
      row(sql),
      ['API p50 / SQL p50', '', `${ratio.toFixed(2)}×`, '', '', '', `≤ ${maxRatio}×`, check(ratio <= maxRatio)],
    ],
  );
}
