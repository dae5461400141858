/**
 * `npm run bench`: speed and memory of the server's calls on the demo data, through the real app
 * (`app.inject`, so the figures are the server's own, without network). Runs on embedded PGlite,
 * and on the PostgreSQL server of TEST_DATABASE_URL too when it is set. Figures are printed, not
 * asserted: the targets the issues name are read off these tables.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch-database';
import { seedDatabase } from '../src/db/seed/seed';
import { captchaFor } from '../src/test/captcha';
import { measure, printTable, type Measurement } from './measure';

const ADMIN = { userName: 'admin', password: 'bench-admin-password' };

async function benchDriver(label: string, database: DatabaseHandle, dataDir: string) {
  const seedStart = performance.now();
  await seedDatabase(database.db, {
    adminUserName: ADMIN.userName,
    adminPassword: ADMIN.password,
    demo: true,
    dataDir,
    log: () => {},
  });
  const seedMs = performance.now() - seedStart;

  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-at-least-32-characters',
    CAPTCHA_COST: '1',
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES: '1000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, db: database });
  await app.ready();
  const get = (url: string) => () => app.inject({ method: 'GET', url });

  const rows: Measurement[] = [
    await measure('GET /api/health', 1000, get('/api/health')),
    await measure('GET /api/config', 1000, get('/api/config')),
    await measure('GET /api/auth/captcha', 1000, get('/api/auth/captcha')),
    await measure('POST /api/auth/login (argon2id)', 30, () => login(app)),
  ];
  printTable(`${label}: demo seeded in ${seedMs.toFixed(0)} ms`, rows);
  await app.close();
}

async function login(app: FastifyInstance) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { ...ADMIN, captcha: await captchaFor(app) },
  });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-bench-'));
  try {
    const embedded = await openDatabase({ memory: true });
    await benchDriver('PGlite (embedded)', embedded, dataDir);
    await embedded.close();

    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const scratch = await createScratchDatabase(serverUrl, { prefix: 'bench' });
      const server = await openDatabase({ url: scratch.url });
      try {
        await benchDriver('PostgreSQL server', server, dataDir);
      } finally {
        await server.close();
        await scratch.drop();
      }
    }
    const { rss, heapUsed } = process.memoryUsage();
    console.log(
      `\nmemory at the end: rss ${(rss / 2 ** 20).toFixed(0)} MiB, heap ${(heapUsed / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
