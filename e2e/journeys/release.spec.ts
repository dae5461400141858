import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { freePort } from '../free-port';

/**
 * An operator's install, as docs/deploy.md gives it: the release of `npm run release` unpacked into
 * an empty folder, `npm ci --omit=dev`, a .env made from .env.example, `npm start`; then a backup
 * of what it holds and a restore of that backup into a new data folder, which starts too.
 * The app was built by `npm run test:e2e` just before, so the release packs that build.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const ADMIN_PASSWORD = 'Release-Kalaja-e-Prizrenit-7';

test.describe.configure({ timeout: 600_000 });

test('a release installs with production dependencies only, starts, backs up and restores', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'trashegimia-release-'));
  const servers: ChildProcess[] = [];
  try {
    execFileSync('node', ['scripts/release.mjs', '--prebuilt'], { cwd: repoRoot, stdio: 'inherit' });
    execFileSync('tar', ['-xzf', path.join(repoRoot, 'release', `trashegimia-${version}.tgz`)], { cwd: work });
    const app = path.join(work, `trashegimia-${version}`);
    execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app });
    expect(
      () => execFileSync('node', ['-e', "import('react')"], { cwd: app, stdio: 'ignore' }),
      'web libraries are not installed',
    ).toThrow();

    const port = await freePort();
    writeFileSync(
      path.join(app, '.env'),
      readFileSync(path.join(app, '.env.example'), 'utf8')
        .replace(/^PORT=.*$/m, `PORT=${port}`)
        .replace(/^HOST=.*$/m, 'HOST=127.0.0.1')
        .replace(/^# ADMIN_PASSWORD=.*$/m, `ADMIN_PASSWORD=${ADMIN_PASSWORD}`)
        .replace(/^CAPTCHA_COST=.*$/m, 'CAPTCHA_COST=50'),
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    const npm = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      execFileSync('npm', args, { cwd: app, env: { ...process.env, ...env }, encoding: 'utf8' });
    const start = async (env: NodeJS.ProcessEnv = {}) => {
      const server = spawn('npm', ['start'], {
        cwd: app,
        env: { ...process.env, ...env },
        detached: true,
        stdio: 'ignore',
      });
      servers.push(server);
      await expect.poll(() => statusOf(`${baseUrl}/api/ready`), { timeout: 120_000, intervals: [500] }).toBe(200);
      return server;
    };

    const first = await start();
    expect(await statusOf(`${baseUrl}/api/health`)).toBe(200);
    expect(await (await fetch(baseUrl)).text()).toContain('<div id="root">');
    const token = await login(baseUrl);
    const datasets = await datasetTotal(baseUrl, token);
    expect(datasets, 'the demo datasets of the first start').toBeGreaterThan(0);
    // The release renders a public page's first view itself, with nothing of the web app's packages installed.
    const page = await fetch(`${baseUrl}/data`, { headers: { accept: 'text/html', cookie: `session=${token}` } });
    expect(await page.text(), 'the first view of /data, drawn by the server').toMatch(/<div id="root">.*Monumente/s);
    await stop(first);

    npm(['run', 'backup', '--', '../backup']);
    npm(['run', 'restore', '--', '../backup'], { DATA_DIR: './restored' });
    const restored = await start({ DATA_DIR: './restored' });
    expect(await datasetTotal(baseUrl, await login(baseUrl)), 'the restored datasets').toBe(datasets);
    await stop(restored);
  } finally {
    for (const server of servers) await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
});

async function statusOf(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

/** Signs in as the admin of .env, solving the login's captcha as the page's widget does. */
async function login(baseUrl: string): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/api/auth/captcha?userName=admin`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = btoa(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  );
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD, captcha }),
  });
  expect(response.status, 'the admin signs in').toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function datasetTotal(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/datasets?includeInactive=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { meta: { totalItems: number } }).meta.totalItems;
}

/** Ends `npm start` and the server under it (its process group), and waits until it is gone. */
async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  await exited;
}
