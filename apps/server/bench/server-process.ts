/**
 * The server under load, in its own process (bundled and started by export-memory.ts's
 * startServerProcess): the real app listening on a free port, so the load generator does not share
 * its event loop and its memory is the server's alone. It samples its own RSS every 50 ms and answers the parent's
 * messages: `mark` (restart the peak from now, reply the baseline), `peak` (reply the peak since),
 * `memory` (reply the RSS and V8 heap in use now). It tells of each option index build that ends
 * (`indexBuildEnd`, with the time it ended by this machine's clock).
 */
import { buildApp } from '../src/app';
import { type DatabaseTarget, openDatabase } from '../src/db/client';
import { type IndexBuildEnd, indexBuildEnds } from '../src/modules/asset-search/option-indexes';
import { testConfig } from '../src/test/test-app';

export type ServerRequest = { type: 'mark' } | { type: 'peak' } | { type: 'memory' } | { type: 'stop' };
export type ServerReply =
  | { type: 'listening'; port: number }
  | { type: 'mark'; rss: number }
  | { type: 'peak'; rss: number }
  | { type: 'memory'; rss: number; heapUsed: number }
  | ({ type: 'indexBuildEnd'; endedAt: number } & IndexBuildEnd)
  | { type: 'stopped' };

const SAMPLE_MS = 50;

async function main() {
  const target = JSON.parse(process.env.BENCH_DATABASE ?? 'null') as DatabaseTarget | null;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!target || !dataDir || !process.send) throw new Error('server-process: start it with startServerProcess()');
  const send = (reply: ServerReply) => process.send?.(reply);

  indexBuildEnds.subscribe((end) => send({ type: 'indexBuildEnd', endedAt: Date.now(), ...(end as IndexBuildEnd) }));
  const database = await openDatabase(target);
  // testConfig: the JWT secret that src/test/tokens.ts signs with, no web build; quiet unless
  // BENCH_SERVER_LOG_LEVEL asks (e.g. `error`, to see why calls answered 500).
  const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'silent' });
  const app = await buildApp({ config, db: database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server-process: no port');

  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), SAMPLE_MS);

  process.on('message', (message: ServerRequest) => {
    if (message.type === 'mark') {
      peak = process.memoryUsage.rss();
      send({ type: 'mark', rss: peak });
    } else if (message.type === 'peak') {
      peak = Math.max(peak, process.memoryUsage.rss());
      send({ type: 'peak', rss: peak });
    } else if (message.type === 'memory') {
      const { rss, heapUsed } = process.memoryUsage();
      send({ type: 'memory', rss, heapUsed });
    } else {
      clearInterval(sampler);
      void app
        .close()
        .then(() => database.close())
        .finally(() => {
          send({ type: 'stopped' });
          process.disconnect();
        });
    }
  });
  // The parent going away (Ctrl-C, a crash) ends this process too.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'listening', port: address.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
