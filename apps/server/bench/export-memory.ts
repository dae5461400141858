/**
 * Dataset exports through the real HTTP endpoint, timed, with the server's peak memory: the server
 * runs in a child process (server-process.ts) that samples its own RSS every 50 ms, so the figure
 * is the server's alone — neither the load generator nor the data generator shares its heap.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../bundle.mjs';
import type { DatabaseTarget } from '../src/db/client';
import type { ServerReply, ServerRequest } from './server-process';

export type ServerProcess = {
  baseUrl: string;
  /** RSS now; the peak restarts from here. */
  mark: () => Promise<number>;
  /** The highest RSS sampled since the last mark. */
  peak: () => Promise<number>;
  /** RSS and V8 heap in use now, in bytes. */
  memory: () => Promise<{ rss: number; heapUsed: number }>;
  /** The end of the dataset's next option index build, heard from this call on. */
  nextIndexBuildEnd: (datasetId: number) => Promise<IndexBuildEndAt>;
  stop: () => Promise<void>;
};

export type IndexBuildEndAt = Extract<ServerReply, { type: 'indexBuildEnd' }>;

export type ExportResult = {
  format: 'CSV' | 'XLSX';
  rows: number;
  bytes: number;
  seconds: number;
  baselineRss: number;
  peakRss: number;
};

const SERVER_SOURCE = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const SERVER_BUNDLE = fileURLToPath(new URL('./dist/server-process.js', import.meta.url));

let bundled: Promise<unknown> | null = null;

/**
 * Starts the app on `target` in a child process and waits until it listens. The child runs the
 * server bundled as `npm run build` ships it (bundle.mjs), not through this process's TypeScript
 * loader, whose caches would add a hundred megabytes to every memory figure.
 */
export async function startServerProcess(target: DatabaseTarget, dataDir: string): Promise<ServerProcess> {
  await (bundled ??= bundleServer(SERVER_SOURCE, SERVER_BUNDLE));
  const child = fork(SERVER_BUNDLE, [], {
    // BENCH_SERVER_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
    execArgv: process.env.BENCH_SERVER_CPU_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROFILE}`]
      : [],
    env: { ...process.env, BENCH_DATABASE: JSON.stringify(target), BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (request: ServerRequest, expect: ServerReply['type']) => reply(child, expect, () => child.send(request));
  const listening = await reply(child, 'listening');
  if (listening.type !== 'listening') throw new Error('server process did not start');
  return {
    baseUrl: `http://127.0.0.1:${listening.port}`,
    mark: async () => rssOf(await ask({ type: 'mark' }, 'mark')),
    peak: async () => rssOf(await ask({ type: 'peak' }, 'peak')),
    memory: async () => {
      const answer = await ask({ type: 'memory' }, 'memory');
      return answer.type === 'memory' ? { rss: answer.rss, heapUsed: answer.heapUsed } : { rss: NaN, heapUsed: NaN };
    },
    nextIndexBuildEnd: (datasetId) => reply(child, 'indexBuildEnd', undefined, (end) => end.datasetId === datasetId),
    stop: async () => {
      if (child.exitCode !== null || !child.connected) return;
      const exited = once(child, 'exit');
      child.send({ type: 'stop' } satisfies ServerRequest);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      if (child.exitCode === null) child.kill();
    },
  };
}

/** The child's next reply of `type` that `accepts`, once `send` has asked for it. */
function reply<Type extends ServerReply['type']>(
  child: ChildProcess,
  type: Type,
  send?: () => void,
  accepts: (message: Extract<ServerReply, { type: Type }>) => boolean = () => true,
): Promise<Extract<ServerReply, { type: Type }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServerReply) => {
      if (message.type !== type) return;
      const expected = message as Extract<ServerReply, { type: Type }>;
      if (!accepts(expected)) return;
      cleanup();
      resolve(expected);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`server process exited (${code}) while waiting for '${type}'`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    send?.();
  });
}

const rssOf = (message: ServerReply) => ('rss' in message ? message.rss : Number.NaN);

/**
 * POSTs the export and streams the file to /dev/null, counting bytes (and lines, for CSV: one per
 * asset after the header). Time is from the request to the last byte.
 */
export async function measureExport(
  server: ServerProcess,
  format: 'CSV' | 'XLSX',
  body: { datasetId: number },
  headers: Record<string, string>,
): Promise<ExportResult> {
  const baselineRss = await server.mark();
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/surveys/dataset-respondents/export`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, exportType: format }),
  });
  if (!response.ok || !response.body) {
    throw new Error(`${format} export answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  let bytes = 0;
  let lines = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (format === 'CSV') for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(response.body as ReadableStream), counter, createWriteStream('/dev/null'));
  const seconds = (performance.now() - started) / 1000;
  const peakRss = await server.peak();
  return { format, rows: format === 'CSV' ? lines - 1 : Number.NaN, bytes, seconds, baselineRss, peakRss };
}
