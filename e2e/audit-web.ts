/**
 * `npm run audit:web`: Lighthouse on the production build of the public pages, with Debian's Chromium.
 * Builds first when the build is older than the sources, starts the built server with the demo data
 * (as the journeys do), enters as a guest (the pages need a session) and audits each page on a mobile
 * and a desktop profile. Each result names Lighthouse's benchmark index of this machine beside the
 * scores, the total blocking time and the largest contentful paint. Exits non-zero when a score is
 * below its threshold; the performance threshold holds only where the benchmark index is at least
 * MIN_BENCHMARK_INDEX, since on a slower machine Lighthouse's simulated phone is slower too.
 *
 *   npm run audit:web                            # every page, once
 *   npm run audit:web -- /map /data/:categoryId  # only these routes (as PAGE_ROUTES names them)
 *   npm run audit:web -- --runs 3                # every page three times over
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type Page } from '@playwright/test';
import xkAuth from '../apps/web/src/locales/xk/auth.json' with { type: 'json' };
import startServer from './global-setup';
import playwrightConfig from './playwright.config';
import { freePort } from './free-port';

const launchOptions = playwrightConfig.use?.launchOptions;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The minimum scores (0–100); SEO is reported but has no threshold. */
const THRESHOLDS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
/** Below this benchmark index a performance score is reported, not held to its threshold. */
const MIN_BENCHMARK_INDEX = 1000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Where to keep each page's full Lighthouse report (JSON), when set. */
const reportDir = process.env.AUDIT_REPORT_DIR;

const PROFILES = { mobile: undefined, desktop: desktopConfig } as const;

/** The audited pages by route; a dataset page is the first one /data links, an asset page that dataset's first asset. */
const PAGE_ROUTES = ['/', '/data', '/data/:categoryId', '/assets/:id', '/map', '/archive', '/dokumentacioni'] as const;

/** The routes named on the command line (or all of them), and how many times to audit each (`--runs N`). */
function chosenAudits(): { routes: readonly string[]; runs: number } {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt === -1 ? 1 : Number(args[runsAt + 1]);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
  const named = runsAt === -1 ? args : args.filter((_arg, index) => index !== runsAt && index !== runsAt + 1);
  const unknown = named.filter((route) => !(PAGE_ROUTES as readonly string[]).includes(route));
  if (unknown.length > 0) throw new Error(`Unknown page ${unknown.join(', ')}: choose from ${PAGE_ROUTES.join(' ')}`);
  return { routes: named.length > 0 ? named : PAGE_ROUTES, runs };
}

/** The newest modification time of any file under `folder`, skipping dependencies and build output. */
function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = (file: string) => {
  try {
    return statSync(path.join(repoRoot, file)).mtimeMs;
  } catch {
    return 0;
  }
};

function buildUnlessFresh() {
  const sources = Math.max(
    ...['apps/web/src', 'apps/web/public', 'apps/server/src', 'packages/contract/src'].map((folder) =>
      newestChange(path.join(repoRoot, folder)),
    ),
  );
  const build = Math.min(builtAt('apps/web/dist/index.html'), builtAt('apps/server/dist/main.js'));
  if (build > sources) return;
  console.log('The build is older than the sources: building…');
  execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
}

/** Enters as a guest from the login page, as a visitor does, so the session sits in the profile's storage. */
async function enterAsGuest(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  // The pages Lighthouse opens get no language emulation: the stored choice keeps them in the default one.
  await page.evaluate(() => window.localStorage.setItem('language', 'xk'));
  await page.reload();
  const widget = page.locator('altcha-widget');
  await widget.getByRole('checkbox').click();
  await widget.locator('[data-state="verified"]').first().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: xkAuth.guest.enter }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** The first demo dataset's page, as the /data list links it. */
async function firstDatasetPath(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/data`);
  const link = page.locator('main a[href^="/data/"]').first();
  await link.waitFor();
  return (await link.getAttribute('href'))!;
}

/** The first asset the dataset page at `datasetPath` lists, by the address of its own page. */
async function firstAssetPath(page: Page, baseUrl: string, datasetPath: string) {
  const datasetId = datasetPath.split('/').pop();
  const response = await page.request.get(`${baseUrl}/api/surveys/dataset-respondents?datasetId=${datasetId}&limit=1`);
  const [asset] = ((await response.json()) as { items: { id: string }[] }).items;
  if (!asset) throw new Error(`${datasetPath} lists no asset to audit the asset page with`);
  return `/assets/${asset.id}`;
}

/** Attempts per page: Lighthouse now and then misses the navigation's start in the trace (NO_NAVSTART). */
const ATTEMPTS = 3;

/** One page's Lighthouse result; a run Lighthouse itself could not complete is repeated. */
async function audit(url: string, port: number, config: (typeof PROFILES)[keyof typeof PROFILES]) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse could not audit ${url}: ${failure.code} ${failure.message}`);
    console.log(`${url}: Lighthouse failed (${failure.code}), trying again`);
  }
}

async function main() {
  const { routes, runs } = chosenAudits();
  buildUnlessFresh();
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const stopServer = await startServer();
  const baseUrl = process.env.E2E_BASE_URL!;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-audit-'));
  const debuggingPort = await freePort();
  // The default browser context of a persistent profile is the one Lighthouse opens its tabs in.
  const context = await chromium.launchPersistentContext(profileDir, {
    // Debian's Chromium with the journeys' flags: nothing is downloaded.
    executablePath: launchOptions?.executablePath,
    headless: true,
    args: [...(launchOptions?.args ?? []), `--remote-debugging-port=${debuggingPort}`],
  });
  const rows: Array<{
    page: string;
    profile: string;
    scores: Record<Category, number>;
    benchmarkIndex: number;
    blockingMs: number;
    largestPaintMs: number;
    lacking: string[];
  }> = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await enterAsGuest(page, baseUrl);
    const datasetPath = await firstDatasetPath(page, baseUrl);
    const pages: string[] = [];
    for (const route of routes) {
      if (route === '/data/:categoryId') pages.push(datasetPath);
      else if (route === '/assets/:id') pages.push(await firstAssetPath(page, baseUrl, datasetPath));
      else pages.push(route);
    }

    for (let run = 1; run <= runs; run++) {
      for (const pagePath of pages) {
        for (const [profile, config] of Object.entries(PROFILES)) {
          const lhr = await audit(`${baseUrl}${pagePath}`, debuggingPort, config);
          const { audits, categories, finalDisplayedUrl, environment } = lhr;
          if (reportDir) {
            const slug = pagePath.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
            writeFileSync(path.join(reportDir, `${slug}-${profile}-${run}.json`), JSON.stringify(lhr));
          }
          // A page that sent the visitor to /login would be audited as the login page instead.
          if (new URL(finalDisplayedUrl).pathname !== pagePath) {
            throw new Error(`${pagePath} ended on ${finalDisplayedUrl}: the guest session did not hold`);
          }
          const scores = Object.fromEntries(
            CATEGORIES.map((category) => [category, Math.round((categories[category]?.score ?? 0) * 100)]),
          ) as Record<Category, number>;
          // What cost points in a category with a threshold, so a miss says where to look.
          const lacking = Object.keys(THRESHOLDS).flatMap((category) =>
            (categories[category]?.auditRefs ?? [])
              .map((ref) => audits[ref.id])
              .filter(
                (audit) =>
                  audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
              )
              .map((audit) => `${category}: ${audit!.title}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`),
          );
          const row = {
            page: pagePath,
            profile,
            scores,
            benchmarkIndex: Math.round(environment.benchmarkIndex),
            blockingMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
            largestPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
            lacking,
          };
          rows.push(row);
          console.log(
            `${pagePath} (${profile}, run ${run}): ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}, ` +
              `TBT ${row.blockingMs} ms, LCP ${row.largestPaintMs} ms, benchmark index ${row.benchmarkIndex}`,
          );
        }
      }
    }
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
    await stopServer();
  }

  console.log(
    `\n| Page | Profile | ${CATEGORIES.join(' | ')} | TBT | LCP | benchmark index |\n` +
      `|---|---|${CATEGORIES.map(() => '---').join('|')}|---|---|---|`,
  );
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.profile} | ${CATEGORIES.map((c) => row.scores[c]).join(' | ')} | ` +
        `${row.blockingMs} ms | ${row.largestPaintMs} ms | ${row.benchmarkIndex} |`,
    );
  }
  const misses = rows.flatMap((row) => {
    const below = Object.entries(THRESHOLDS).filter(
      ([category, minimum]) =>
        row.scores[category as Category] < minimum &&
        (category !== 'performance' || row.benchmarkIndex >= MIN_BENCHMARK_INDEX),
    );
    if (below.length === 0) return [];
    const scores = below.map(([category, minimum]) => `${category} ${row.scores[category as Category]} < ${minimum}`);
    return [`${row.page} (${row.profile}): ${scores.join(', ')}`, ...row.lacking.map((audit) => `    ${audit}`)];
  });
  if (misses.length > 0) {
    console.error(`\nBelow the thresholds:\n${misses.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
