/**
 * `npm run bench -- --load`: a mixed workload on the PostgreSQL server, as the site would see it —
 * mostly public reads over many datasets, pages, filters and assets, a few administrators' edits
 * and now and then an export — from `connections` concurrent connections for `seconds`, against
 * the real server in a child process (export-memory.ts). Reported per kind of request (latency,
 * errors, throughput) and as targets: no errors, reads' p99 ≤ 100 ms (exports and writes not
 * counted), and the server's memory in the second half of the run within 10% of the first half.
 * Figures are printed, never asserted; an error (any non-2xx answer, a socket error, a timeout)
 * makes the run fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { DatasetFilters } from '@trashegimia/contract/datasets';
import { MEDIA_TYPES } from '@trashegimia/contract/assets';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { assets, datasets, media } from '../src/db/schema/index';
import { createScratchDatabase } from '../src/db/scratch-database';
import { createRandom, type Random } from '../src/db/seed/random';
import { asAdmin, asGuest, asUser } from '../src/test/tokens';
import { type ServerProcess, startServerProcess } from './export-memory';
import { REQUEST_TIMEOUT_SECONDS } from './http-load';
import { measure, percentile } from './measure';
import { markdownTable } from './report';
import { loadSyntheticAssets, seedBenchDemo } from './synthetic-data';

export type MixedLoadOptions = { assets: number; connections: number; seconds: number; quick: boolean };

/** run.ts's cleanup registry: the returned function runs the cleanup once, and Ctrl-C runs it too. */
export type Defer = (cleanup: () => Promise<unknown>) => () => Promise<void>;

export const LOAD_TARGETS = { readP99Ms: 100, memoryGrowthPercent: 10 } as const;

/** Monuments' share of the synthetic assets; the rest spread over the other five datasets. */
const MONUMENTS_SHARE = 0.4;
const PAGE_LIMIT = 20;
/** Visitors rarely page past this far; deeper pages are OFFSETs nobody asks for. */
const DEEPEST_PAGE = 50;
const MEMORY_SAMPLE_MS = 500;
const DATE_ORDER = { sortBy: 'date', sortOrder: 'desc' } as const;
const NAME_ORDER = { sortBy: 'name', sortOrder: 'asc' } as const;
const VIEWS_ORDER = { sortBy: 'viewCount', sortOrder: 'desc' } as const;

type Group = 'read' | 'write' | 'export';

type Outgoing = {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
};

type RequestKind = {
  name: string;
  group: Group;
  /** Its share of the requests, relative to the other kinds' weights. */
  weight: number;
  next: () => Outgoing;
  /** What the answer teaches the next requests (an edited asset's new version). */
  learn?: (outgoing: Outgoing, body: string) => void;
};

type KindResult = {
  kind: RequestKind;
  latencies: number[];
  /** Answers other than 2xx by status, with the first body of each. */
  failures: Map<number, { count: number; body: string }>;
};

type RunResult = { kinds: KindResult[]; seconds: number; socketErrors: number; timeouts: number };

type MemorySample = { atMs: number; rss: number; heapUsed: number };

const log = (message: string) => console.log(message);
const MB = 2 ** 20;

export async function benchMixedLoad(options: MixedLoadOptions, defer: Defer): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      '--load runs on the PostgreSQL server: set TEST_DATABASE_URL, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
    );
  }
  console.log(`\n## Mixed load on the PostgreSQL server`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-bench-'));
  const removeDir = defer(async () => rmSync(dataDir, { recursive: true, force: true }));
  const scratch = await createScratchDatabase(serverUrl, { prefix: 'bench' });
  const dropScratch = defer(() => scratch.drop());
  const target = { url: scratch.url };
  log(`scratch database ${scratch.name}`);

  let database: DatabaseHandle | null = null;
  const closeDatabase = defer(async () => database?.close());
  try {
    database = await openDatabase(target);
    await seedBenchDemo(database.db, dataDir);
    log(`loading ${options.assets.toLocaleString('en')} synthetic assets…`);
    const load = await loadSyntheticAssets(database, {
      assets: options.assets,
      exportRows: Math.round(options.assets * MONUMENTS_SHARE),
      log,
    });
    log(
      `loaded ${load.assets.toLocaleString('en')} assets and ${load.answers.toLocaleString('en')} answers in ` +
        `${(load.totalMs / 1000).toFixed(1)} s`,
    );
    const inputs = await readInputs(database);

    const server = await startServerProcess(target, dataDir);
    const stopServer = defer(() => server.stop());
    try {
      const kinds = await requestKinds(server.baseUrl, inputs);
      for (const kind of kinds) await sendOnce(server.baseUrl, kind);

      log("warming up until the server's memory holds steady (not counted)…");
      const warmup = await warmUp(server, kinds, options);
      log(`warmed up for ${warmup.seconds} s`);
      const afterWarmup = await server.memory();

      log(`${options.connections} connections × ${options.seconds} s…`);
      const sampler = sampleMemory(server);
      const run = await drive(server.baseUrl, kinds, { connections: options.connections, duration: options.seconds });
      const samples = await sampler.stop();
      log('each kind alone, one connection…');
      await settle(server.baseUrl);
      const alone = new Map<RequestKind, number>();
      for (const kind of kinds) {
        alone.set(kind, (await measure(kind.name, 5, () => sendOnce(server.baseUrl, kind), 2)).p50);
      }

      printMixedLoadReport(run, samples, afterWarmup, alone, options);
      const details = [
        ...warmup.runs.flatMap(failureDetails).map((detail) => `during the warm-up: ${detail}`),
        ...failureDetails(run),
      ];
      if (details.length > 0) throw new Error(`errors under load:\n  ${details.join('\n  ')}`);
    } finally {
      await stopServer();
    }
  } finally {
    await closeDatabase();
    await dropScratch();
    await removeDir();
  }
}

/**
 * The warm-up: at least `minSeconds`, then on in steps of `stepSeconds` until the server's RSS grew
 * less than `steadyGrowth` over the last step, at most `maxSeconds` in all. The kept reads, indexes
 * and V8's heap fill at the pace of the requests, so a fixed time left a slower machine's server
 * still growing in the first half of the run (RSS +6–9% between the halves on 2026-11-27's slowest
 * machine, flat once filled). A leak never holds steady: it ends the warm-up at `maxSeconds` and
 * still shows between the halves.
 */
const WARMUP = { minSeconds: 20, stepSeconds: 10, maxSeconds: 60, steadyGrowth: 0.01 } as const;

async function warmUp(
  server: ServerProcess,
  kinds: RequestKind[],
  options: MixedLoadOptions,
): Promise<{ runs: RunResult[]; seconds: number }> {
  const connections = options.connections;
  if (options.quick) return { runs: [await drive(server.baseUrl, kinds, { connections, duration: 1 })], seconds: 1 };
  const runs = [await drive(server.baseUrl, kinds, { connections, duration: WARMUP.minSeconds })];
  let seconds: number = WARMUP.minSeconds;
  let before = (await server.memory()).rss;
  while (seconds < WARMUP.maxSeconds) {
    runs.push(await drive(server.baseUrl, kinds, { connections, duration: WARMUP.stepSeconds }, seconds));
    seconds += WARMUP.stepSeconds;
    const now = (await server.memory()).rss;
    if (now <= before * (1 + WARMUP.steadyGrowth)) break;
    before = now;
  }
  return { runs, seconds };
}

/** Each kind's non-2xx answers (with the first body of each status), then socket errors and timeouts. */
function failureDetails(run: RunResult): string[] {
  const details = run.kinds
    .filter((k) => k.failures.size > 0)
    .map(
      (k) => `${k.kind.name}: ${[...k.failures].map(([status, f]) => `${f.count} × ${status} (${f.body})`).join(', ')}`,
    );
  if (run.socketErrors + run.timeouts > 0) details.push(`${run.socketErrors} socket errors, ${run.timeouts} timeouts`);
  return details;
}

// ——— what the requests ask for ———

type Inputs = Awaited<ReturnType<typeof readInputs>>;

/** Ids and words to spread the requests over, read while the bench still holds the database. */
async function readInputs({ db }: DatabaseHandle) {
  const approvedAndActive = and(eq(assets.status, 'APPROVED'), eq(datasets.isActive, true));
  const publicCounts = await db
    .select({ datasetId: assets.datasetId, n: sql<number>`count(*)::int` })
    .from(assets)
    .innerJoin(datasets, eq(datasets.id, assets.datasetId))
    .where(approvedAndActive)
    .groupBy(assets.datasetId);
  const publicIds = (
    await db
      .select({ id: assets.id })
      .from(assets)
      .innerJoin(datasets, eq(datasets.id, assets.datasetId))
      .where(approvedAndActive)
      .orderBy(sql`random()`)
      .limit(5_000)
  ).map((row) => row.id);
  const withMedia = (
    await db
      .selectDistinct({ id: media.assetId })
      .from(media)
      .innerJoin(assets, eq(assets.id, media.assetId))
      .innerJoin(datasets, eq(datasets.id, assets.datasetId))
      .where(approvedAndActive)
  ).map((row) => row.id);
  // Awaiting review: half are reviewed, half edited, so no asset gets both at once.
  const awaitingReview = await db
    .select({ id: assets.id, version: assets.version })
    .from(assets)
    .where(eq(assets.status, 'UPLOADED'))
    .orderBy(sql`random()`)
    .limit(2_000);
  const villages = (
    await db
      .selectDistinct({ village: assets.village })
      .from(assets)
      .where(and(isNotNull(assets.village), gt(sql`length(${assets.village})`, 2)))
      .limit(300)
  ).map((row) => row.village as string);
  const activeDatasets = await db
    .select({ id: datasets.id, descriptionEn: datasets.descriptionEn })
    .from(datasets)
    .where(eq(datasets.isActive, true));
  const half = Math.ceil(awaitingReview.length / 2);
  return {
    datasets: activeDatasets.map((d) => ({
      id: d.id,
      descriptionEn: d.descriptionEn ?? '',
      publicAssets: publicCounts.find((c) => c.datasetId === d.id)?.n ?? 0,
    })),
    assetIds: publicIds,
    withMedia,
    toReview: awaitingReview.slice(0, half).map((row) => row.id),
    toEdit: awaitingReview.slice(half),
    villages,
    user: await asUser(db),
    admin: await asAdmin(db),
    guest: await asGuest(),
  };
}

/** A dataset's filter questions as the public page offers them. */
async function filtersOf(baseUrl: string, datasetId: number) {
  const response = await fetch(`${baseUrl}/api/datasets/${datasetId}/filters`);
  if (!response.ok) throw new Error(`filters of dataset ${datasetId} answered ${response.status}`);
  const { items } = (await response.json()) as DatasetFilters;
  const byIdentifier = (identifier: string) => items.find((f) => f.question.questionIdentifier === identifier);
  const municipality = byIdentifier('MUNICIPALITY_NAME');
  const risk = byIdentifier('RISK_LEVEL');
  if (!municipality || !risk) throw new Error(`dataset ${datasetId} offers no municipality or risk filter`);
  const others = items.filter((f) => f !== municipality && f !== risk && f.question.questionOptions.length > 0);
  if (others.length === 0) throw new Error(`dataset ${datasetId} offers no third filter`);
  return { datasetId, municipality: municipality.question, risk: risk.question, others };
}

/**
 * The mix: what the public pages call (home, data, dataset detail with its list, search and
 * filters, asset detail with its media, map, archive, documentation) ≈ 95%, administrators'
 * single reviews and edits ≈ 4%, CSV exports ≈ 0.2% (one request in 500).
 */
async function requestKinds(baseUrl: string, inputs: Inputs): Promise<RequestKind[]> {
  const rng: Random = createRandom(22_11_2026);
  const withAssets = inputs.datasets.filter((d) => d.publicAssets > 0);
  const filters = await Promise.all(withAssets.map((d) => filtersOf(baseUrl, d.id)));
  const municipalities = filters[0]?.municipality.questionOptions.map((o) => o.value) ?? [];
  const searchWords = [...inputs.villages, ...municipalities];
  const dataset = () => rng.pick(withAssets);
  /** Mostly the first page, as people read lists; otherwise any page up to DEEPEST_PAGE. */
  const page = (assetCount: number, limit: number) => {
    const pages = Math.max(1, Math.min(DEEPEST_PAGE, Math.ceil(assetCount / limit)));
    return rng.chance(0.6) ? 1 : rng.int(1, pages);
  };
  const roundRobin = <T>(items: T[]) => {
    let next = 0;
    return () => items[next++ % items.length] as T;
  };
  const nextAsset = roundRobin(inputs.assetIds);
  const nextWithMedia = roundRobin(inputs.withMedia);
  const nextToReview = roundRobin(inputs.toReview);
  const nextToEdit = roundRobin(inputs.toEdit.map((row) => row.id));
  const versions = new Map(inputs.toEdit.map((row) => [row.id, row.version]));
  let edits = 0;
  const query = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(params).flatMap(([key, value]): [string, string][] =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ).toString();
  const json = { 'content-type': 'application/json' };
  const smallest = [...withAssets].sort((a, b) => a.publicAssets - b.publicAssets)[0];
  if (!smallest || inputs.assetIds.length === 0 || inputs.withMedia.length === 0 || inputs.toEdit.length === 0) {
    throw new Error('mixed load: the database has too few assets to spread the requests over');
  }

  const kinds: RequestKind[] = [
    { name: 'config', group: 'read', weight: 40, next: () => ({ method: 'GET', path: '/api/config' }) },
    {
      name: 'dataset list with stats',
      group: 'read',
      weight: 90,
      next: () => ({ method: 'GET', path: `/api/datasets?limit=${PAGE_LIMIT}` }),
    },
    {
      name: 'dataset detail',
      group: 'read',
      weight: 60,
      next: () => ({ method: 'GET', path: `/api/datasets/${dataset().id}` }),
    },
    {
      name: 'dataset filters',
      group: 'read',
      weight: 60,
      next: () => ({ method: 'GET', path: `/api/datasets/${dataset().id}/filters` }),
    },
    {
      name: 'respondents page',
      group: 'read',
      weight: 120,
      next: () => {
        const d = dataset();
        // The dataset page's two orders, 'Data' and 'A - ZH' (web: features/data/api/get-dataset-assets.ts).
        const sort = rng.pick([DATE_ORDER, DATE_ORDER, NAME_ORDER]);
        return {
          method: 'GET',
          path: `/api/surveys/dataset-respondents?${query({ datasetId: d.id, page: page(d.publicAssets, PAGE_LIMIT), limit: PAGE_LIMIT, ...sort })}`,
        };
      },
    },
    {
      name: 'respondents search',
      group: 'read',
      weight: 60,
      next: () => ({
        method: 'GET',
        path: `/api/surveys/dataset-respondents?${query({ datasetId: dataset().id, search: rng.pick(searchWords), limit: PAGE_LIMIT })}`,
      }),
    },
    {
      name: '3-filter query (user)',
      group: 'read',
      weight: 90,
      next: () => {
        const f = rng.pick(filters);
        const other = rng.pick(f.others).question;
        const optionIds = (question: { id: number; questionOptions: { id: number }[] }, most: number) => ({
          questionId: question.id,
          questionOptionIds: rng.some(question.questionOptions, 1, most).map((o) => o.id),
        });
        return {
          method: 'POST',
          path: '/api/surveys/dataset-respondents',
          headers: { ...json, ...inputs.user },
          body: {
            datasetId: f.datasetId,
            filters: [optionIds(f.municipality, 2), optionIds(f.risk, 1), optionIds(other, 2)],
            page: rng.chance(0.8) ? 1 : 2,
            limit: PAGE_LIMIT,
          },
        };
      },
    },
    {
      name: 'asset detail',
      group: 'read',
      weight: 200,
      next: () => ({ method: 'GET', path: `/api/surveys/assets/${nextAsset()}` }),
    },
    {
      name: 'asset media',
      group: 'read',
      weight: 80,
      // Half of them assets with media (the demo's), half the synthetic ones, which have none.
      next: () => ({
        method: 'GET',
        path: `/api/surveys/assets/${rng.chance(0.5) ? nextWithMedia() : nextAsset()}/media`,
      }),
    },
    {
      name: 'map points',
      group: 'read',
      weight: 20,
      // As the map page asks: the whole dataset (up to 20,000 points), or narrowed by risk or a search.
      next: () => {
        const roll = rng.next();
        return {
          method: 'GET',
          path: `/api/surveys/assets/points?${query({
            datasetId: dataset().id,
            riskLevel: roll < 0.3 ? rng.pick(['high', 'medium', 'low']) : undefined,
            search: roll >= 0.3 && roll < 0.6 ? rng.pick(municipalities) : undefined,
          })}`,
        };
      },
    },
    {
      name: 'archive page',
      group: 'read',
      weight: 60,
      next: () => {
        const sort = rng.chance(0.5) ? VIEWS_ORDER : NAME_ORDER;
        return {
          method: 'GET',
          path: `/api/surveys/assets?${query({
            page: rng.chance(0.7) ? 1 : rng.int(2, 5),
            limit: 8,
            ...sort,
            datasetId: rng.chance(0.5) ? dataset().id : undefined,
            mediaTypes: rng.chance(0.7) ? MEDIA_TYPES.join(',') : rng.pick(MEDIA_TYPES),
          })}`,
        };
      },
    },
    {
      name: 'guidelines (guest)',
      group: 'read',
      weight: 20,
      next: () => ({
        method: 'GET',
        path: `/api/guidelines?${query({ includeUrl: 1, limit: 100, q: rng.chance(0.3) ? rng.pick(['plan', 'udh', 'rreg']) : undefined })}`,
        headers: inputs.guest,
      }),
    },
    {
      name: 'review one asset (admin)',
      group: 'write',
      weight: 20,
      next: () => ({
        method: 'PATCH',
        path: `/api/surveys/assets/${nextToReview()}/status`,
        headers: { ...json, ...inputs.admin },
        body: { status: rng.pick(['APPROVED', 'REJECTED', 'UPLOADED']), adminNote: `load review ${++edits}` },
      }),
    },
    {
      name: 'edit an asset (admin)',
      group: 'write',
      weight: 15,
      next: () => {
        // An asset whose last edit went unanswered (still on its way, or dropped when a run ended
        // while the server made it) has a version the bench does not know: it is not edited again.
        let id = nextToEdit();
        for (let tries = 1; !versions.has(id) && tries < inputs.toEdit.length; tries++) id = nextToEdit();
        const version = versions.get(id);
        versions.delete(id);
        return {
          method: 'PATCH',
          path: `/api/surveys/assets/${id}`,
          headers: { ...json, ...inputs.admin },
          body: { version, comments: `Parë sërish gjatë ngarkesës, ${++edits}.` },
        };
      },
      // The next edit of this asset names the version this one made.
      learn: (outgoing, body) => {
        const id = outgoing.path.split('/').at(-1) ?? '';
        const { version } = JSON.parse(body) as { version: number };
        versions.set(id, version);
      },
    },
    {
      name: 'edit a dataset (admin)',
      group: 'write',
      weight: 5,
      next: () => {
        const d = dataset();
        const description = inputs.datasets.find((x) => x.id === d.id)?.descriptionEn ?? '';
        return {
          method: 'PATCH',
          path: `/api/datasets/${d.id}`,
          headers: { ...json, ...inputs.admin },
          body: { descriptionEn: `${description} (${++edits})` },
        };
      },
    },
    {
      name: 'CSV export, one municipality (user)',
      group: 'export',
      weight: 1.5,
      next: () => {
        const f = rng.pick(filters);
        return {
          method: 'POST',
          path: '/api/surveys/dataset-respondents/export',
          headers: { ...json, ...inputs.user },
          body: {
            datasetId: f.datasetId,
            exportType: 'CSV',
            filters: [
              { questionId: f.municipality.id, questionOptionIds: [rng.pick(f.municipality.questionOptions).id] },
            ],
          },
        };
      },
    },
    {
      name: `CSV export, a whole dataset of ${smallest.publicAssets.toLocaleString('en')} (user)`,
      group: 'export',
      weight: 0.5,
      next: () => ({
        method: 'POST',
        path: '/api/surveys/dataset-respondents/export',
        headers: { ...json, ...inputs.user },
        body: { datasetId: smallest.id, exportType: 'CSV' },
      }),
    },
  ];
  return kinds;
}

// ——— driving the server ———

/** One request of a kind with fetch, before the load: a wrong request fails here, with its answer. */
async function sendOnce(baseUrl: string, kind: RequestKind) {
  const outgoing = kind.next();
  const response = await fetch(baseUrl + outgoing.path, {
    method: outgoing.method,
    headers: outgoing.headers ?? {},
    body: outgoing.body === undefined ? null : JSON.stringify(outgoing.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${kind.name} answered ${response.status}: ${text.slice(0, 300)}`);
  kind.learn?.(outgoing, text);
}

/**
 * Waits (at most 15 s) until a trivial call answers within 10 ms twice running: requests the load
 * generator abandoned when the run ended (an export, say) keep the server busy for a while.
 */
async function settle(baseUrl: string) {
  const deadline = performance.now() + 15_000;
  let quick = 0;
  while (quick < 2 && performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/api/config`)).arrayBuffer();
    quick = performance.now() - started < 10 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What a connection sent last: its answer is attributed to it. */
type ConnectionContext = { kind?: RequestKind; outgoing?: Outgoing };

/**
 * Every connection sends its next request, of a kind drawn by weight, as soon as the last is
 * answered. autocannon calls onResponse and then emits 'response' (with the latency) for the same
 * answer synchronously, so `answered` hands the kind from one to the other.
 */
async function drive(
  baseUrl: string,
  kinds: RequestKind[],
  limit: { connections: number; duration: number },
  /** Varies the draw between runs of the same length (the warm-up's steps). */
  seed = 0,
): Promise<RunResult> {
  const rng = createRandom(limit.duration * 1_000 + limit.connections + seed);
  const weighted = kinds.map((kind) => [kind, kind.weight] as const);
  const results = new Map(kinds.map((kind) => [kind, { kind, latencies: [], failures: new Map() } as KindResult]));
  let answered: KindResult | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        ...limit,
        timeout: REQUEST_TIMEOUT_SECONDS,
        requests: [
          {
            setupRequest: (request, context) => {
              const kind = rng.weighted(weighted);
              const outgoing = kind.next();
              Object.assign(context, { kind, outgoing } satisfies ConnectionContext);
              return {
                ...request,
                method: outgoing.method,
                path: outgoing.path,
                // A fresh object: autocannon adds Content-Length to the headers it is given.
                headers: { ...outgoing.headers },
                body: outgoing.body === undefined ? undefined : JSON.stringify(outgoing.body),
              };
            },
            onResponse: (status, body, context) => {
              const { kind, outgoing } = context as ConnectionContext;
              if (!kind || !outgoing) return;
              answered = results.get(kind);
              if (status < 300) {
                kind.learn?.(outgoing, body);
                return;
              }
              const failures = answered?.failures;
              const failure = failures?.get(status) ?? { count: 0, body: body.slice(0, 300) };
              failure.count++;
              failures?.set(status, failure);
            },
          },
        ],
      },
      (error, finished) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      answered?.latencies.push(responseTime);
      answered = undefined;
    });
  });
  return {
    kinds: [...results.values()],
    seconds: result.duration,
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

/** Asks the server process for its memory every MEMORY_SAMPLE_MS until stopped. */
function sampleMemory(server: ServerProcess) {
  const samples: MemorySample[] = [];
  const started = performance.now();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rss, heapUsed } = await server.memory();
      samples.push({ atMs: performance.now() - started, rss, heapUsed });
      await new Promise((resolve) => setTimeout(resolve, MEMORY_SAMPLE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

// ——— the report ———

type Summary = { name: string; requests: number; p50: number; p95: number; p99: number; perSecond: number };

function summarize(name: string, latencyLists: number[][], seconds: number): Summary {
  const sorted = latencyLists.flat().sort((a, b) => a - b);
  return {
    name,
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    perSecond: sorted.length / seconds,
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

function printMixedLoadReport(
  run: RunResult,
  samples: MemorySample[],
  afterWarmup: { rss: number; heapUsed: number },
  alone: Map<RequestKind, number>,
  options: MixedLoadOptions,
) {
  const totalWeight = run.kinds.reduce((sum, k) => sum + k.kind.weight, 0);
  const failuresOf = (list: KindResult[]) =>
    list.reduce((sum, k) => sum + [...k.failures.values()].reduce((n, f) => n + f.count, 0), 0);
  const ms = (value: number) => value.toFixed(1);
  const row = (s: Summary, share: string, failures: number, aloneP50 = '') => [
    s.name,
    share,
    s.requests.toLocaleString('en'),
    // A kind none of whose requests came up in the run has no latency.
    ...(s.requests === 0 ? ['—', '—', '—'] : [ms(s.p50), ms(s.p95), ms(s.p99)]),
    s.perSecond.toFixed(1),
    failures,
    aloneP50,
  ];

  console.log(
    `\n### Mixed load — ${options.assets.toLocaleString('en')} synthetic assets, ${options.connections} connections × ${run.seconds} s\n`,
  );
  console.log(
    markdownTable(
      ['request', 'share', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'non-2xx', 'alone: p50 ms'],
      run.kinds.map((k) =>
        row(
          summarize(k.kind.name, [k.latencies], run.seconds),
          `${((k.kind.weight / totalWeight) * 100).toFixed(1)}%`,
          failuresOf([k]),
          ms(alone.get(k.kind) ?? Number.NaN),
        ),
      ),
    ),
  );

  const groups: [Group, string][] = [
    ['read', 'all reads'],
    ['write', 'all admin writes'],
    ['export', 'all exports'],
  ];
  const share = (members: KindResult[]) =>
    `${((members.reduce((sum, k) => sum + k.kind.weight, 0) / totalWeight) * 100).toFixed(1)}%`;
  const groupRows = groups.map(([group, label]) => {
    const members = run.kinds.filter((k) => k.kind.group === group);
    return row(
      summarize(
        label,
        members.map((k) => k.latencies),
        run.seconds,
      ),
      share(members),
      failuresOf(members),
    );
  });
  const all = summarize(
    'everything',
    run.kinds.map((k) => k.latencies),
    run.seconds,
  );
  console.log(
    '\n' +
      markdownTable(
        ['group', 'share', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'non-2xx', ''],
        [...groupRows, row(all, '100%', failuresOf(run.kinds))],
      ),
  );

  const halfMs = (run.seconds * 1000) / 2;
  const firstHalf = samples.filter((s) => s.atMs < halfMs);
  const secondHalf = samples.filter((s) => s.atMs >= halfMs);
  const growth = (field: 'rss' | 'heapUsed') => {
    const first = mean(firstHalf.map((s) => s[field]));
    const second = mean(secondHalf.map((s) => s[field]));
    return { first, second, percent: ((second - first) / first) * 100 };
  };
  const rss = growth('rss');
  const heap = growth('heapUsed');
  const last = samples.at(-1);
  console.log(
    `\nServer memory (its own process, sampled every ${MEMORY_SAMPLE_MS} ms: ${samples.length} samples), ` +
      `just after the warm-up: RSS ${(afterWarmup.rss / MB).toFixed(0)} MB, heap ${(afterWarmup.heapUsed / MB).toFixed(0)} MB\n`,
  );
  console.log(
    markdownTable(
      ['memory, mean', 'first half MB', 'second half MB', 'change', 'at the end MB'],
      [
        [
          'RSS',
          (rss.first / MB).toFixed(0),
          (rss.second / MB).toFixed(0),
          `${rss.percent >= 0 ? '+' : ''}${rss.percent.toFixed(1)}%`,
          last ? (last.rss / MB).toFixed(0) : '',
        ],
        [
          'V8 heap used',
          (heap.first / MB).toFixed(0),
          (heap.second / MB).toFixed(0),
          `${heap.percent >= 0 ? '+' : ''}${heap.percent.toFixed(1)}%`,
          last ? (last.heapUsed / MB).toFixed(0) : '',
        ],
      ],
    ),
  );
  // A plateau and a steady climb can have the same two halves: the course over the run tells them apart.
  const sixthMs = (run.seconds * 1000) / 6;
  const course = Array.from({ length: 6 }, (_, i) =>
    samples.filter((s) => s.atMs >= i * sixthMs && s.atMs < (i + 1) * sixthMs),
  ).filter((part) => part.length > 0);
  console.log(
    `Mean RSS / heap by sixth of the run, MB: ${course
      .map(
        (part) =>
          `${(mean(part.map((s) => s.rss)) / MB).toFixed(0)} / ${(mean(part.map((s) => s.heapUsed)) / MB).toFixed(0)}`,
      )
      .join(' → ')}`,
  );

  const reads = summarize(
    'reads',
    run.kinds.filter((k) => k.kind.group === 'read').map((k) => k.latencies),
    run.seconds,
  );
  const errors = failuresOf(run.kinds) + run.socketErrors + run.timeouts;
  const check = (ok: boolean) => (ok ? '✓' : '✗');
  console.log(
    '\n' +
      markdownTable(
        ['target', 'measured', ''],
        [
          [
            'no errors (non-2xx, socket errors, timeouts)',
            `${errors} (${failuresOf(run.kinds)} non-2xx, ${run.socketErrors} socket, ${run.timeouts} timeouts)`,
            check(errors === 0),
          ],
          [
            `reads p99 ≤ ${LOAD_TARGETS.readP99Ms} ms (writes and exports not counted)`,
            `${ms(reads.p99)} ms`,
            check(reads.requests > 0 && reads.p99 <= LOAD_TARGETS.readP99Ms),
          ],
          [
            `memory: second half's mean RSS within ${LOAD_TARGETS.memoryGrowthPercent}% of the first half's`,
            `${rss.percent >= 0 ? '+' : ''}${rss.percent.toFixed(1)}%`,
            check(Math.abs(rss.percent) <= LOAD_TARGETS.memoryGrowthPercent),
          ],
        ],
      ),
  );
  console.log(
    `With ${options.connections} connections each sending its next request as soon as the last is answered, ` +
      `latency ≈ ${options.connections} ÷ throughput: ${all.perSecond.toFixed(0)} req/s here.`,
  );
}
