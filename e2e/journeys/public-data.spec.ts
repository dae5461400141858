import type { Page } from '@playwright/test';
import { bytesOf, downloadDatasetAs } from '../dataset-downloads';
import { ADMIN, expect, test } from '../fixtures';
import { enterAsGuest, forgetSession, logIn, sessionToken } from '../session';
import { en, xk } from '../texts';

const dataset = xk.public.dataset;
const allLoaded = new RegExp(dataset.list.allLoaded.replace('{{count}}', '(\\d+)'));

/**
 * Scrolls the list as a reader would until the page says every item is loaded: with the pointer
 * over the list, since over the filter panel (where a filter's button leaves it) the wheel scrolls
 * the panel instead.
 */
async function scrollToTheEnd(page: Page) {
  const done = page.getByText(allLoaded);
  await page.getByRole('heading', { level: 2, name: dataset.list.title }).hover();
  for (let scrolls = 0; scrolls < 50 && !(await done.isVisible()); scrolls++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(200);
  }
  await expect(done).toBeVisible();
  return Number(allLoaded.exec((await done.textContent()) ?? '')?.[1]);
}

test('a guest opens a dataset from Home, filters it by municipality and reads an asset', async ({ page }) => {
  await enterAsGuest(page);
  await page.getByRole('link', { name: /^Shfleto Monumente/ }).click();
  await expect(page).toHaveURL(/\/data\/\d+/);
  await expect(page.getByRole('heading', { name: 'Monumente' }).first()).toBeVisible();

  // Guests may browse but not download; they are pointed to the login instead.
  await expect(page.getByRole('button', { name: dataset.download.button })).toHaveCount(0);
  await expect(page.getByRole('link', { name: dataset.download.login })).toBeVisible();

  const unfiltered = await scrollToTheEnd(page);
  await page.getByRole('button', { name: /^Komuna/ }).click();
  await page.getByRole('checkbox', { name: 'Prizren', exact: true }).check();
  await page.getByRole('button', { name: dataset.filters.submit, exact: true }).click();

  const filtered = await scrollToTheEnd(page);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(unfiltered);
  const items = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: dataset.item.details }) });
  await expect(items).toHaveCount(filtered);
  for (const text of await items.allTextContents()) expect(text).toContain('Prizren');

  await items.first().getByRole('button', { name: dataset.item.details }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(dataset.details.answers)).toBeVisible();
  await expect(details.getByText('Prizren').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  await items.first().getByRole('button', { name: dataset.item.map }).click();
  const mapDialog = page.getByRole('dialog');
  await expect(mapDialog.locator('iframe[src*="openstreetmap.org/export/embed.html"]')).toHaveCount(1);
  await expect(mapDialog.getByText(/OpenStreetMap/).first()).toBeVisible();
});

test('a guest who switches to English reads the datasets under their English names', async ({ page }) => {
  await enterAsGuest(page);
  await page.goto('/data');
  await expect(page.getByRole('link', { name: /^Site arkeologjike/ })).toBeVisible();

  await page
    .getByRole('group', { name: xk.common.language.label })
    .first()
    .getByRole('button', { name: /^EN/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en.public.data.title })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Archaeological sites/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Site arkeologjike/ })).toHaveCount(0);

  await page.getByRole('link', { name: /^Archaeological sites/ }).click();
  await expect(page.getByRole('heading', { name: 'Archaeological sites' }).first()).toBeVisible();
});

test('a guest searching a dataset finds the same assets with or without accents, in any case', async ({ page }) => {
  await enterAsGuest(page);
  await page.getByRole('link', { name: /^Shfleto Monumente/ }).click();
  await expect(page).toHaveURL(/\/data\/\d+/);
  const items = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: dataset.item.details }) });
  const found = async (text: string) => {
    await page.getByRole('searchbox', { name: dataset.filters.searchLabel }).fill(text);
    // The list of this very search, not the one shown before it.
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/surveys/dataset-respondents') &&
        new URL(response.url()).searchParams.get('search') === text,
    );
    await page.getByRole('button', { name: dataset.filters.submit, exact: true }).click();
    await answered;
    const count = await scrollToTheEnd(page);
    await expect(items).toHaveCount(count);
    return (await items.allTextContents()).sort();
  };

  const inCarshia = await found('Çarshia');
  expect(inCarshia.length).toBeGreaterThan(0);
  for (const text of inCarshia) expect(text).toContain('Çarshia');
  const inPeje = await found('Pejë');
  expect(inPeje).not.toEqual(inCarshia);
  for (const text of inPeje) expect(text).toMatch(/pej[eë]/i);
  expect(await found('CARSHIA')).toEqual(inCarshia);
  expect(await found('peje')).toEqual(inPeje);
});

/** A day as a date field takes it (YYYY-MM-DD), this many days before today. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a guest narrows a dataset to a date range, and the reloaded address shows the same assets', async ({ page }) => {
  await enterAsGuest(page);
  await page.getByRole('link', { name: /^Shfleto Monumente/ }).click();
  await expect(page).toHaveURL(/\/data\/\d+/);
  const items = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: dataset.item.details }) });
  const unfiltered = await scrollToTheEnd(page);

  // The demo's assets are spread over the last three years.
  const from = daysAgo(2 * 365);
  const to = daysAgo(365);
  await page.getByLabel(xk.common.dateRange.from).fill(from);
  await page.getByLabel(xk.common.dateRange.to).fill(to);
  await page.getByRole('button', { name: dataset.filters.submit, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  const filtered = await scrollToTheEnd(page);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(unfiltered);
  await expect(items).toHaveCount(filtered);
  const shown = (await items.allTextContents()).sort();

  await page.reload();
  await expect(page.getByLabel(xk.common.dateRange.from)).toHaveValue(from);
  await expect(page.getByLabel(xk.common.dateRange.to)).toHaveValue(to);
  expect(await scrollToTheEnd(page)).toBe(filtered);
  await expect(items).toHaveCount(filtered);
  expect((await items.allTextContents()).sort()).toEqual(shown);
});

test("a guest sorting 'A - ZH' reads the names in the Albanian alphabet: Gu before Gj", async ({ page }) => {
  await enterAsGuest(page);
  await page.getByRole('link', { name: /^Shfleto Monumente/ }).click();
  await expect(page).toHaveURL(/\/data\/\d+/);
  await page.getByRole('searchbox', { name: dataset.filters.searchLabel }).fill('Dushi');
  await page.getByRole('button', { name: dataset.filters.submit, exact: true }).click();
  await page.getByRole('button', { name: dataset.list.sortName }).click();
  await expect(page).toHaveURL(/sort=name/);
  const items = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: dataset.item.details }) });
  await expect(items.filter({ hasText: 'Kulla e familjes Dushi, Gjonaj' })).toHaveCount(1);
  const names = await items.allTextContents();
  const gu = names.findIndex((text) => text.includes('Kulla e familjes Dushi, Gurrakoc'));
  const gj = names.findIndex((text) => text.includes('Kulla e familjes Dushi, Gjonaj'));
  // Gj is a letter of its own, after G: every G… word comes before every Gj… word.
  expect(gu).toBeGreaterThanOrEqual(0);
  expect(gu).toBeLessThan(gj);
});

test('a registered user downloads the dataset as Excel, GeoJSON and PDF, and one asset as PDF', async ({ page }) => {
  // The administrator opens an account for a researcher, who then logs in.
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  const researcher = { userName: `studiuesi-${Date.now()}`, password: 'kerkim-trashegimia-1' };
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data: { ...researcher, role: 1 },
  });
  expect(created.status()).toBe(201);
  await forgetSession(page);
  await page.goto('/login');
  await logIn(page, researcher.userName, researcher.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();

  await page.goto('/data');
  await page
    .getByRole('link', { name: /Monumente/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/data\/\d+/);

  const excel = await downloadDatasetAs(page, 'xlsx');
  expect(excel.suggestedFilename()).toMatch(/^monumente-.*\.xlsx$/);
  expect((await bytesOf(excel)).subarray(0, 2).toString()).toBe('PK');

  // GeoJSON: the browser follows a short-lived link itself and saves a FeatureCollection (RFC 7946)
  // whose features come in the list's order, newest first.
  const geoJson = await downloadDatasetAs(page, 'geojson');
  expect(geoJson.url()).toMatch(/\/api\/surveys\/dataset-respondents\/export\?export=.+&expires=\d+&signature=/);
  expect(geoJson.suggestedFilename()).toMatch(/^monumente-.*\.geojson$/);
  const collection = JSON.parse((await bytesOf(geoJson)).toString('utf8')) as {
    type: string;
    features: { type: string; id: string; geometry: { type: string; coordinates: number[] } | null }[];
  };
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features.length).toBeGreaterThan(0);
  for (const feature of collection.features) {
    expect(feature.type).toBe('Feature');
    if (feature.geometry === null) continue;
    expect(feature.geometry.type).toBe('Point');
    // [longitude, latitude]: Kosovo lies near 21° E, 42.5° N.
    const [longitude, latitude] = feature.geometry.coordinates;
    expect(longitude).toBeGreaterThan(19);
    expect(longitude).toBeLessThan(22);
    expect(latitude).toBeGreaterThan(41);
    expect(latitude).toBeLessThan(44);
  }
  const datasetId = /\/data\/(\d+)/.exec(page.url())![1];
  const firstPage = await page.request.get(`/api/surveys/dataset-respondents?datasetId=${datasetId}&limit=10`);
  const listed = ((await firstPage.json()) as { items: { id: string }[] }).items.map((item) => item.id);
  expect(collection.features.slice(0, listed.length).map((feature) => feature.id)).toEqual(listed);

  const wholePdf = await downloadDatasetAs(page, 'pdf');
  expect(wholePdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await bytesOf(wholePdf)).subarray(0, 5).toString()).toBe('%PDF-');

  const firstItem = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: dataset.item.details }) });
  const [assetPdf] = await Promise.all([
    page.waitForEvent('download'),
    firstItem
      .first()
      .getByRole('button', { name: new RegExp(`^${dataset.item.pdf}\\b`) })
      .click(),
  ]);
  expect(assetPdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await bytesOf(assetPdf)).subarray(0, 5).toString()).toBe('%PDF-');
});
