/**
 * `npm run bench`: the server's speed and memory on a large synthetic register.
 *
 *   npm run bench [-- --assets 100000] [--driver pglite|pg|both] [--quick] [--connections 50] [--seconds 10]
 *   npm run bench -- --load [--assets 100000] [--connections 50] [--seconds 60]
 *   npm run bench -- --submissions [--driver pglite|pg|both] [--seconds 20] [--quick]
 *
 * For each driver (embedded PGlite in a temp folder; a scratch database on the PostgreSQL server
 * of TEST_DATABASE_URL, dropped at the end): seeds the demo, times the small calls in-process
 * (app.inject), loads N synthetic assets (synthetic-data.ts), starts the real app in a child
 * process and loads it with autocannon (http-load.ts), times the 3-filter query's SQL directly,
 * times the interactive map's 10,000 points (map-points.ts), approves 10,000 assets in one bulk
 * review (bulk-review.ts), imports a 10,000-row spreadsheet whole (bulk-import.ts), and exports a whole dataset as CSV and XLSX while sampling the server's
 * memory (export-memory.ts), and watches health while the first requests build an index (index-build.ts). Figures are printed beside their
 * targets, never asserted: a missed target does not fail the run, an error does.
 *
 * `--load` runs only the mixed workload on the PostgreSQL server instead (mixed-load.ts);
 * `--submissions` only field submissions at 1, 10 and 50 connections (submissions.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, asc, count, desc, eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { FilterSelection } from '@trashegimia/contract/assets';
import { buildApp } from '../src/app';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../src/db/client';
import { assets, datasets, questionOptions, questions } from '../src/db/schema/index';
import { createScratchDatabase } from '../src/db/scratch-database';
import { type AssetCriteria, resolveFilters } from '../src/modules/asset-search';
import { PAGE_CACHE } from '../src/modules/asset-search/asset-search';
import { assetPageStatement } from '../src/modules/asset-search/sql-search';
import { DETAIL_CACHE, assetDetailStatement } from '../src/modules/assets/assets.repo';
import { MOVE_INTERVAL_MS, moveViewsIntoAssets } from '../src/modules/assets/view-counter';
import { captchaFor } from '../src/test/captcha';
import { testConfig } from '../src/test/test-app';
import { asAdmin, asUser } from '../src/test/tokens';
import { buildBulkImportFile, measureBulkImport, printBulkImportReport } from './bulk-import';
import { measureBulkReview, pickBulkReviewIds, printBulkReviewReport } from './bulk-review';
import { measureExport, startServerProcess } from './export-memory';
import { printIndexBuildReport, watchHealthDuring } from './index-build';
import { type LoadResult, preflight, runLoad, runSequential, type Scenario } from './http-load';
import { measureMapPoints, printMapPointsReport } from './map-points';
import { measure, printTable } from './measure';
import { benchMixedLoad } from './mixed-load';
import { type DriverLabel, type DriverResult, printComparison, printDriverReport } from './report';
import { benchSubmissions } from './submissions';
import { BENCH_ADMIN, loadSyntheticAssets, seedBenchDemo } from './synthetic-data';

const PAGE_LIMIT = 20;

type Flags = {
  assets: number;
  exportRows: number;
  drivers: ('pglite' | 'pg')[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  quick: boolean;
  load: boolean;
  submissions: boolean;
};

const FLAG_OPTIONS = {
  assets: { type: 'string' },
  driver: { type: 'string' },
  quick: { type: 'boolean' },
  load: { type: 'boolean' },
  submissions: { type: 'boolean' },
  connections: { type: 'string' },
  seconds: { type: 'string' },
  'export-rows': { type: 'string' },
} as const;
type FlagName = keyof typeof FLAG_OPTIONS;

/** The flags, from the command line: `npm run bench -- --assets 1000000 --driver pg`. */
function readFlags(): Partial<Record<FlagName, string | boolean>> {
  return parseArgs({ options: FLAG_OPTIONS }).values;
}

function parseFlags(): Flags {
  const values = readFlags();
  const quick = values.quick === true;
  const load = values.load === true;
  const submissions = values.submissions === true;
  if (load && submissions) throw new Error('--load and --submissions are separate runs: choose one');
  const text = (name: FlagName) => (typeof values[name] === 'string' ? values[name] : undefined);
  const number = (name: FlagName, value: string | undefined, fallback: number) => {
    const parsed = Number((value ?? String(fallback)).replaceAll('_', ''));
    if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive whole number`);
    return parsed;
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  const driver = text('driver') ?? (load ? 'pg' : serverUrl ? 'both' : 'pglite');
  if (!['pglite', 'pg', 'both'].includes(driver)) throw new Error('--driver must be pglite, pg or both');
  if (load && driver !== 'pg') throw new Error('--load runs on the PostgreSQL server only: leave out --driver');
  if (load && !serverUrl) {
    throw new Error(
      '--load runs on the PostgreSQL server only: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  }
  if (driver !== 'pglite' && !serverUrl) throw new Error(`--driver ${driver} needs TEST_DATABASE_URL`);
  const defaultSeconds = load ? (quick ? 10 : 60) : submissions ? (quick ? 3 : 20) : quick ? 2 : 10;
  const seconds = number('seconds', text('seconds'), defaultSeconds);
  return {
    assets: number('assets', text('assets'), quick ? 5_000 : 100_000),
    exportRows: number('export-rows', text('export-rows'), 100_000),
    // The server first: its figures are the reference PGlite is compared with.
    drivers: driver === 'both' ? ['pg', 'pglite'] : [driver as 'pglite' | 'pg'],
    connections: number('connections', text('connections'), 50),
    seconds,
    warmupSeconds: quick ? 0.5 : Math.min(2, seconds / 5),
    quick,
    load,
    submissions,
  };
}

// ——— cleanup, also on Ctrl-C ———

const pendingCleanups = new Set<() => Promise<unknown>>();

/** Registers a cleanup; the returned function runs it (once) and unregisters it. */
function defer(cleanup: () => Promise<unknown>): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    pendingCleanups.delete(run);
    await cleanup();
  };
  pendingCleanups.add(run);
  return run;
}

async function runPendingCleanups() {
  // Last registered first: the server before the database it uses, the database before its folder.
  for (const cleanup of [...pendingCleanups].reverse()) await cleanup().catch((e: unknown) => console.error(e));
}

// Ctrl-C reaches this process twice (from the terminal, and relayed by tsx): clean up once, ignore the rest.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: cleaning up…`);
    void runPendingCleanups().finally(() => process.exit(130));
  });
}

// ——— one driver ———

const log = (message: string) => console.log(message);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function benchDriver(kind: 'pglite' | 'pg', flags: Flags): Promise<DriverResult> {
  const label: DriverLabel = kind === 'pg' ? 'PostgreSQL server' : 'PGlite';
  console.log(`\n## ${label}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-bench-'));
  const removeDir = defer(async () => rmSync(dataDir, { recursive: true, force: true }));
  let target: DatabaseTarget;
  let dropScratch = async () => {};
  if (kind === 'pg') {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', { prefix: 'bench' });
    dropScratch = defer(() => scratch.drop());
    target = { url: scratch.url };
    log(`scratch database ${scratch.name}`);
  } else {
    target = { dataDir: path.join(dataDir, 'pgdata') };
    log(`PGlite in ${target.dataDir}`);
  }

  let database: DatabaseHandle | null = null;
  const closeDatabase = defer(async () => database?.close());
  try {
    database = await openDatabase(target);

    const seedStart = performance.now();
    await seedBenchDemo(database.db, dataDir);
    await smallScenarios(
      `${label}: small calls on the demo (app.inject), seeded in ${seconds(performance.now() - seedStart)}`,
      database,
      dataDir,
    );

    log(`\nloading ${flags.assets.toLocaleString('en')} synthetic assets…`);
    const load = await loadSyntheticAssets(database, { assets: flags.assets, exportRows: flags.exportRows, log });
    log(
      `loaded ${load.assets.toLocaleString('en')} assets and ${load.answers.toLocaleString('en')} answers ` +
        `(${(load.answers / load.assets).toFixed(1)} per asset) in ${seconds(load.totalMs)}: ` +
        `generate + COPY ${seconds(load.copyMs)} (${Math.round(((load.assets + load.answers) / load.copyMs) * 1000).toLocaleString('en')} rows/s), ` +
        `indexes ${seconds(load.indexMs)}, vacuum analyze ${seconds(load.vacuumMs)}`,
    );

    const inputs = await scenarioInputs(database, load.exportDatasetId);
    log(
      `largest dataset: #${inputs.largestDatasetId} (${inputs.largestCount.toLocaleString('en')} assets); ` +
        `export dataset: #${inputs.exportDatasetId} (${inputs.exportCount.toLocaleString('en')} assets)`,
    );
    log(`3-filter query: ${inputs.filterDescription}`);

    // The statements the endpoint runs for the different queries, timed directly on the database.
    const filterSql = await measure('bare SQL (page + count)', 1_000, inputs.runDifferentFilterSql, flags.seconds);
    const detailSql = await measure('bare SQL (asset with answers)', 1_000, inputs.runDetailSql, flags.seconds);

    // Real accounts (the API refuses tokens of accounts that do not exist), made while the database is ours.
    const user = await asUser(database.db);
    const admin = await asAdmin(database.db);
    const reviewIds = await pickBulkReviewIds(database.db);
    const importFile = await buildBulkImportFile(database.db);

    // PGlite's files belong to one process: hand them to the server process.
    if (kind === 'pglite') {
      await closeDatabase();
      database = null;
    }
    const server = await startServerProcess(target, dataDir);
    const stopServer = defer(() => server.stop());
    try {
      const scenarios: Scenario[] = [
        { name: 'dataset list with stats', method: 'GET', paths: ['/api/datasets?limit=20'] },
        {
          name: 'respondents page 3',
          method: 'GET',
          paths: [`/api/surveys/dataset-respondents?datasetId=${inputs.largestDatasetId}&page=3&limit=${PAGE_LIMIT}`],
        },
        {
          name: '3-filter query, the same again',
          method: 'POST',
          paths: ['/api/surveys/dataset-respondents'],
          headers: user,
          bodies: [{ datasetId: inputs.largestDatasetId, filters: inputs.filters, page: 1, limit: PAGE_LIMIT }],
        },
        {
          name: `3-filter query, ${inputs.differentFilters.length} different`,
          method: 'POST',
          paths: ['/api/surveys/dataset-respondents'],
          headers: user,
          bodies: inputs.differentFilters.map((filters) => ({
            datasetId: inputs.largestDatasetId,
            filters,
            page: 1,
            limit: PAGE_LIMIT,
          })),
        },
        {
          name: `asset detail, ${inputs.keptAssetIds.length.toLocaleString('en')} assets`,
          method: 'GET',
          paths: inputs.keptAssetIds.map((id) => `/api/surveys/assets/${id}`),
        },
        {
          name: `asset detail, ${inputs.assetIds.length.toLocaleString('en')} assets`,
          method: 'GET',
          paths: inputs.assetIds.map((id) => `/api/surveys/assets/${id}`),
        },
      ];
      const [, , sameFilters, differentFilters] = scenarios as [Scenario, Scenario, Scenario, Scenario];
      // The first requests of the largest dataset build its index: health is watched until the build
      // ends, once the same calls on the other datasets have built theirs, so that what shows is the
      // build, not a new process compiling its code.
      for (const datasetId of inputs.otherDatasetIds) {
        await preflight(server.baseUrl, {
          name: `dataset ${datasetId}, page 3`,
          method: 'GET',
          paths: [`/api/surveys/dataset-respondents?datasetId=${datasetId}&page=3&limit=${PAGE_LIMIT}`],
        });
        await preflight(server.baseUrl, {
          name: `dataset ${datasetId}, filtered by nothing`,
          method: 'POST',
          paths: ['/api/surveys/dataset-respondents'],
          headers: user,
          bodies: [{ datasetId, filters: [], page: 1, limit: PAGE_LIMIT }],
        });
      }
      const indexBuild = await watchHealthDuring(server, inputs.largestDatasetId, async () => {
        for (const scenario of scenarios) await preflight(server.baseUrl, scenario);
      });
      const filtered = (await preflight(server.baseUrl, sameFilters)) as { meta: { totalItems: number } };
      if (filtered.meta.totalItems === 0) throw new Error('the 3-filter query found nothing');
      log(`3-filter query through the API: ${filtered.meta.totalItems.toLocaleString('en')} assets`);

      const loadResults = [];
      let filterSequential: LoadResult | undefined;
      for (const scenario of scenarios) {
        loadResults.push(await runLoad(server.baseUrl, scenario, flags));
        // Queries the server has not kept, against the same statements run directly (filterSql): before
        // the details' views rewrite thousands of the rows they read.
        if (scenario === differentFilters) {
          filterSequential = await runSequential(server.baseUrl, differentFilters, flags.seconds);
        }
      }
      if (!filterSequential) throw new Error('no 3-filter scenario');
      // Details of assets beyond those the server caches, one at a time, against their statement run directly (detailSql).
      const detailSequential = await runSequential(server.baseUrl, scenarios.at(-1)!, flags.seconds);
      const mapPoints = await measureMapPoints(server.baseUrl, inputs.largestDatasetId, flags);
      // Last on this server: it changes statuses the load scenarios read.
      const bulkReview = await measureBulkReview(server.baseUrl, reviewIds, admin);
      // The public pages of the largest dataset, read while the import writes into the demo's.
      const publicReads: Scenario = {
        name: 'public dataset pages 1–50',
        method: 'GET',
        paths: Array.from(
          { length: 50 },
          (_, page) =>
            `/api/surveys/dataset-respondents?datasetId=${inputs.largestDatasetId}&page=${page + 1}&limit=${PAGE_LIMIT}`,
        ),
      };
      const bulkImport = await measureBulkImport(server.baseUrl, importFile, admin, publicReads);
      const failed = [
        ...loadResults,
        filterSequential,
        detailSequential,
        bulkImport.reads,
        mapPoints.compact,
        mapPoints.compactGzip,
        mapPoints.compactLoaded,
      ].filter((r) => r.non2xx + r.errors > 0);

      await stopServer();
      const viewMove = await measureViewMove(target, database);

      // Each export on a fresh server process, so its memory starts from an idle server, not from
      // the garbage of the load or of the export before it.
      const exportOnFreshServer = async (format: 'CSV' | 'XLSX') => {
        const exportServer = await startServerProcess(target, dataDir);
        const stopExportServer = defer(() => exportServer.stop());
        try {
          return await measureExport(exportServer, format, { datasetId: inputs.exportDatasetId }, admin);
        } finally {
          await stopExportServer();
        }
      };
      const csv = await exportOnFreshServer('CSV');
      const xlsx = await exportOnFreshServer('XLSX');
      xlsx.rows = csv.rows;

      const result: DriverResult = {
        label,
        load: loadResults,
        filterSequential,
        filterSql,
        detailSequential,
        detailSql,
        exports: [csv, xlsx],
      };
      printDriverReport(result, { assets: flags.assets, connections: flags.connections, seconds: flags.seconds });
      printMapPointsReport(mapPoints);
      log(
        `\n${label}: the views the load wrote, of ${viewMove.assets.toLocaleString('en')} assets, moved into their ` +
          `counts (as each server does every ${MOVE_INTERVAL_MS / 60_000} minutes) in ${seconds(viewMove.ms)}` +
          ` (${(viewMove.ms / Math.max(1, viewMove.assets)).toFixed(2)} ms an asset)`,
      );
      printIndexBuildReport(label, inputs.largestCount, indexBuild);
      printBulkReviewReport(label, bulkReview);
      printBulkImportReport(label, bulkImport);
      if (failed.length > 0) {
        const details = failed.map(
          (r) =>
            `${r.name}: ${r.errors} errors/timeouts` +
            [...r.failures].map(([status, f]) => `, ${f.count} × ${status} (${f.body})`).join(''),
        );
        throw new Error(`non-2xx answers or errors:\n  ${details.join('\n  ')}`);
      }
      return result;
    } finally {
      await stopServer();
    }
  } finally {
    await closeDatabase();
    await dropScratch();
    await removeDir();
  }
}

/** How long moving the written views into the assets' counts takes (see view-counter.ts); on PGlite, once the server has let go of it. */
async function measureViewMove(target: DatabaseTarget, open: DatabaseHandle | null) {
  const handle = open ?? (await openDatabase(target));
  try {
    const start = performance.now();
    const moved = await moveViewsIntoAssets(handle.db);
    return { assets: moved, ms: performance.now() - start };
  } finally {
    if (!open) await handle.close();
  }
}

/** The calls the bench always measured: on the freshly seeded demo, in-process. */
async function smallScenarios(title: string, database: DatabaseHandle, dataDir: string) {
  const config = testConfig({ DATA_DIR: dataDir, LOGIN_MAX_FAILURES: '1000000' });
  const app = await buildApp({ config, db: database });
  await app.ready();
  try {
    const get = (url: string) => () => app.inject({ method: 'GET', url });
    printTable(title, [
      await measure('GET /api/health', 1000, get('/api/health')),
      await measure('GET /api/config', 1000, get('/api/config')),
      await measure('GET /api/auth/captcha', 1000, get('/api/auth/captcha')),
      await measure('POST /api/auth/login (argon2id)', 30, () => login(app)),
    ]);
  } finally {
    await app.close();
  }
}

async function login(app: FastifyInstance) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { ...BENCH_ADMIN, captcha: await captchaFor(app) },
  });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
}

// ——— what the scenarios ask for ———

/**
 * The largest dataset (for the respondent calls), approved assets to rotate through for the
 * detail (as many as a server keeps, and ten times as many, which it cannot), and 3-filter queries
 * that find something: a real approved asset's municipality (OR the dataset's fourth most common
 * one), its asset type and its risk level — asked again and again, and, for what a query the server
 * has not kept costs, hundreds of different ones of the same kind.
 */
async function scenarioInputs({ db }: DatabaseHandle, exportDatasetId: number) {
  const sizes = await db
    .select({ datasetId: assets.datasetId, n: count() })
    .from(assets)
    .groupBy(assets.datasetId)
    .orderBy(desc(count()));
  const largest = sizes[0];
  if (!largest) throw new Error('no assets');
  const datasetId = largest.datasetId;
  const approvedInDataset = and(eq(assets.datasetId, datasetId), eq(assets.status, 'APPROVED'));

  const approvedIds = (
    await db
      .select({ id: assets.id })
      .from(assets)
      .innerJoin(datasets, eq(datasets.id, assets.datasetId))
      .where(and(eq(assets.status, 'APPROVED'), eq(datasets.isActive, true)))
      .orderBy(sql`random()`)
      .limit(DETAIL_CACHE.maxEntries * 11)
  ).map((row) => row.id);

  // The same kind of query on every run and driver: the dataset's most common municipality OR its
  // fourth, its most common asset type, and high risk; the different ones pair the most common
  // municipality with each other one, over the four most common types and each risk level.
  const byMunicipality = await db
    .select({ value: assets.municipality })
    .from(assets)
    .where(approvedInDataset)
    .groupBy(assets.municipality)
    .orderBy(desc(count()), asc(assets.municipality));
  const byType = await db
    .select({ value: assets.assetType, surveyId: sql<number>`min(${assets.surveyId})` })
    .from(assets)
    .where(approvedInDataset)
    .groupBy(assets.assetType)
    .orderBy(desc(count()), asc(assets.assetType))
    .limit(4);
  const municipalities = byMunicipality.flatMap((row) => (row.value ? [row.value] : []));
  const types = byType.flatMap((row) => (row.value ? [row.value] : []));
  const [top, fourth] = [municipalities[0], municipalities[Math.min(3, municipalities.length - 1)]];
  const surveyId = byType[0]?.surveyId;
  if (!top || !fourth || types.length === 0 || surveyId === undefined) {
    throw new Error('no approved asset to filter on');
  }

  const options = await db
    .select({
      identifier: questions.questionIdentifier,
      questionId: questions.id,
      optionId: questionOptions.id,
      value: questionOptions.value,
    })
    .from(questions)
    .innerJoin(questionOptions, eq(questionOptions.questionId, questions.id))
    .where(
      and(
        eq(questions.surveyId, surveyId),
        inArray(questions.questionIdentifier, ['MUNICIPALITY_NAME', 'ASSET_TYPE', 'RISK_LEVEL']),
      ),
    );
  const optionsOf = (identifier: string, values: string[]): FilterSelection => {
    const rows = options.filter((o) => o.identifier === identifier && values.includes(o.value));
    const questionId = rows[0]?.questionId;
    if (questionId === undefined) throw new Error(`no ${identifier} question with ${values.join(', ')}`);
    return { questionId, questionOptionIds: rows.map((row) => row.optionId) };
  };
  const risks = options.filter((o) => o.identifier === 'RISK_LEVEL').map((o) => o.value);
  const threeFilters = (others: string[], type: string, risk: string) => [
    optionsOf('MUNICIPALITY_NAME', [top, ...others]),
    optionsOf('ASSET_TYPE', [type]),
    optionsOf('RISK_LEVEL', [risk]),
  ];
  const filters = threeFilters([fourth], types[0] as string, '1');
  const differentFilters = municipalities
    .slice(1)
    .flatMap((other) => types.flatMap((type) => risks.map((risk) => threeFilters([other], type, risk))));
  if (differentFilters.length <= PAGE_CACHE.maxEntries) {
    throw new Error(`only ${differentFilters.length} different 3-filter queries: a server would keep them all`);
  }

  // The endpoint's own statement: the page with its total (date desc, as the call's default sort),
  // built by the repo with the filters resolved as the service resolves them.
  const pageStatement = async (selection: FilterSelection[]) => {
    const criteria: AssetCriteria = {
      publicOnly: true,
      datasetId,
      filters: await resolveFilters(db, datasetId, selection),
    };
    const statement = assetPageStatement(
      db,
      criteria,
      { sortBy: 'date', sortOrder: 'desc' },
      { limit: PAGE_LIMIT, offset: 0 },
    );
    const page = statement.build().toSQL();
    return { text: page.sql, params: fillPlaceholders(page.params, statement.values) };
  };
  const differentStatements: { text: string; params: unknown[] }[] = [];
  for (const selection of differentFilters) differentStatements.push(await pageStatement(selection));
  const query = rawQuery(db);
  let next = 0;
  // The same statements as the different queries, in the same turn.
  const runDifferentFilterSql = async () => {
    const { text, params } = differentStatements[next++ % differentStatements.length]!;
    await query(text, params);
  };

  // An asset's detail statement, for the assets beyond those a server caches, in turn.
  const detail = assetDetailStatement(db, true).toSQL();
  const uncachedIds = approvedIds.slice(DETAIL_CACHE.maxEntries);
  let nextDetail = 0;
  const runDetailSql = async () => {
    const ids = [uncachedIds[nextDetail++ % uncachedIds.length]];
    await query(detail.sql, fillPlaceholders(detail.params, { ids }));
  };

  const exportSize = sizes.find((s) => s.datasetId === exportDatasetId)?.n ?? 0;
  return {
    largestDatasetId: datasetId,
    largestCount: largest.n,
    otherDatasetIds: sizes.slice(1).map((row) => row.datasetId),
    exportDatasetId,
    exportCount: exportSize,
    keptAssetIds: approvedIds.slice(0, DETAIL_CACHE.maxEntries),
    // Others than those kept by the scenario before.
    assetIds: approvedIds.slice(DETAIL_CACHE.maxEntries),
    filters,
    differentFilters,
    filterDescription: `municipality ∈ {${top}, ${fourth}} AND asset type = ${types[0]} AND risk = 1`,
    runDifferentFilterSql,
    runDetailSql,
  };
}

/** The driver's own client, below Drizzle: what "bare SQL" means here. */
function rawQuery(db: DatabaseHandle['db']) {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  // Named, so the database parses each once, as it does the app's prepared statements (db/prepared.ts).
  const names = new Map<string, string>();
  return async (text: string, params: unknown[]): Promise<unknown[]> => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `bench_bare_sql_${names.size}`));
    return (await pool.query({ name, text, values: params })).rows;
  };
}

// ——— all drivers ———

async function main() {
  const flags = parseFlags();
  if (flags.load) {
    console.log(
      `# npm run bench -- --load — ${flags.assets.toLocaleString('en')} assets, ` +
        `${flags.connections} connections × ${flags.seconds} s of mixed requests${flags.quick ? ' (quick)' : ''}`,
    );
    console.log(`${machine()} at the start`);
    await benchMixedLoad(flags, defer);
    console.log(`\n${machine()} at the end`);
    return;
  }
  if (flags.submissions) {
    console.log(
      `# npm run bench -- --submissions — drivers: ${flags.drivers.join(', ')}, ` +
        `1, 10 and 50 connections × ${flags.seconds} s per survey${flags.quick ? ' (quick)' : ''}`,
    );
    console.log(`${machine()} at the start`);
    await benchSubmissions(flags, defer);
    console.log(`\n${machine()} at the end`);
    return;
  }
  console.log(
    `# npm run bench — ${flags.assets.toLocaleString('en')} assets, drivers: ${flags.drivers.join(', ')}, ` +
      `${flags.connections} connections × ${flags.seconds} s per scenario${flags.quick ? ' (quick)' : ''}`,
  );
  console.log(`${machine()} at the start`);
  const results: DriverResult[] = [];
  for (const driver of flags.drivers) results.push(await benchDriver(driver, flags));

  const server = results.find((r) => r.label === 'PostgreSQL server');
  const embedded = results.find((r) => r.label === 'PGlite');
  if (server && embedded) printComparison(server, embedded);
  console.log(`\n${machine()} at the end`);
}

/** The load generator, the server and the database share these cores: other work on them shows in the figures. */
function machine() {
  const [one, five] = loadavg();
  return `machine: ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min)`;
}

try {
  await main();
} catch (error) {
  console.error('\nbench failed:', error);
  process.exitCode = 1;
} finally {
  await runPendingCleanups();
}
