import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from '../fixtures';
import { solveCaptcha } from '../captcha';
import { enterAsGuest, forgetSession, logIn, sessionToken } from '../session';
import { xk } from '../texts';

const dataset = xk.public.dataset;
const assetPage = xk.public.assetPage;
const shownTotal = new RegExp(`^${dataset.list.count.replace('{{total}}', '([\\d\\s.,\u00a0\u202f]+)')}$`);

type ListedAsset = { id: string; name: string | null; locationAlt: number | null };

/** A named asset with a place of the public register, as anyone may read it. */
async function publicAssetOnAMap(page: Page): Promise<ListedAsset & { name: string }> {
  const response = await page.request.get('/api/surveys/assets?limit=20');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: ListedAsset[] };
  const asset = items.find((item) => item.name?.trim() && item.locationAlt !== null);
  expect(asset, 'the demo register has a named public asset with coordinates').toBeTruthy();
  return asset as ListedAsset & { name: string };
}

/** The number the dataset page gives as its list's total ('Gjithsej: 42'). */
async function listTotal(page: Page) {
  const total = page.getByText(shownTotal);
  await expect(total).toBeVisible();
  return Number((shownTotal.exec((await total.textContent()) ?? '')?.[1] ?? '').replace(/\D/g, ''));
}

async function openMonuments(page: Page) {
  await page.getByRole('link', { name: /^Shfleto Monumente/ }).click();
  await expect(page).toHaveURL(/\/data\/\d+$/);
  await listTotal(page);
}

test("a guest opening a shared asset address enters as a guest and lands on the asset, with its citation and its dataset's", async ({
  page,
}) => {
  const asset = await publicAssetOnAMap(page);
  await page.goto(`/assets/${asset.id}`);

  // No session yet: the login page, which sends the visitor back to the asset.
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await solveCaptcha(page);
  await page.getByRole('button', { name: xk.auth.guest.enter }).click();

  await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
  await expect(page).toHaveTitle(`${asset.name} · ${xk.common.appName}`);
  const citation = page.getByRole('region', { name: xk.public.citation.title });
  await expect(citation).toContainText(asset.name);
  await expect(citation).toContainText(`${new URL(page.url()).origin}/assets/${asset.id}`);
  // When its dataset's published data last changed: the state of the register the citation stands for.
  await expect(page.getByText(assetPage.datasetLastUpdate)).toBeVisible();
  // The map library loads for the asset's small map.
  await expect(page.locator('.leaflet-container')).toBeVisible();

  // Its dataset's page names its last update too, and folds away a citation of the dataset's page.
  await page.locator('dl').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/data\/\d+$/);
  const lastUpdate = xk.public.lastUpdate.replace('{{date}}', '\\d{1,2} \\p{L}+ \\d{4}');
  await expect(page.getByText(new RegExp(`^${lastUpdate}$`, 'u'))).toBeVisible();
  await page.getByText(xk.public.citation.title, { exact: true }).click();
  await expect(page.getByText(`${new URL(page.url()).origin}${new URL(page.url()).pathname} (`)).toBeVisible();
});

test('a guest is told an asset that is not public is not found', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  const listed = await page.request.get('/api/surveys/assets?status=REJECTED&limit=1', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  const { items } = (await listed.json()) as { items: ListedAsset[] };
  const rejected = items[0];
  expect(rejected, 'the demo register has a rejected asset').toBeTruthy();

  // The administrator sees it; a guest does not.
  await page.goto(`/assets/${rejected!.id}`);
  await expect(page.getByText(xk.public.asset.status.rejected)).toBeVisible();
  await forgetSession(page);
  await enterAsGuest(page);
  await page.goto(`/assets/${rejected!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: assetPage.notFound })).toBeVisible();
  await expect(page).toHaveTitle(`${assetPage.notFound} · ${xk.common.appName}`);
});

test('a filtered dataset address reloads to the same view, and filtering does not fill the history', async ({
  page,
}) => {
  await enterAsGuest(page);
  await openMonuments(page);
  const unfiltered = await listTotal(page);

  await page.getByRole('button', { name: /^Komuna/ }).click();
  await page.getByRole('checkbox', { name: 'Prizren', exact: true }).check();
  await page.getByRole('button', { name: dataset.filters.submit, exact: true }).click();
  await expect(page).toHaveURL(/[?&]f=\d+%3A\d+/);
  await expect.poll(() => listTotal(page)).toBeLessThan(unfiltered);
  const filtered = await listTotal(page);
  await page.getByRole('button', { name: dataset.list.sortName }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);

  await page.reload();
  expect(await listTotal(page)).toBe(filtered);
  await expect(page.getByRole('button', { name: dataset.list.sortName })).toHaveAttribute('aria-pressed', 'true');
  // A question with chosen options starts open.
  await expect(page.getByRole('button', { name: /^Komuna/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('checkbox', { name: 'Prizren', exact: true })).toBeChecked();

  // Each change replaced the entry: one step back leaves the dataset.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
});

test('opening an asset from its dataset puts it in the address: Back closes it, a reload keeps it', async ({
  page,
}) => {
  await enterAsGuest(page);
  await openMonuments(page);
  const listUrl = page.url();

  await page
    .getByRole('button', { name: new RegExp(`^${dataset.item.details}\\b`) })
    .first()
    .click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(dataset.details.answers)).toBeVisible();
  await expect(page).toHaveURL(/[?&]asset=[0-9a-f-]{36}$/);
  const assetId = new URL(page.url()).searchParams.get('asset');

  await page.goBack();
  await expect(details).toHaveCount(0);
  expect(page.url()).toBe(listUrl);

  await page.goForward();
  await expect(details.getByText(dataset.details.answers)).toBeVisible();
  await page.reload();
  await expect(details.getByText(dataset.details.answers)).toBeVisible();

  await details.getByRole('link', { name: dataset.details.openPage }).click();
  await expect(page).toHaveURL(new RegExp(`/assets/${assetId}$`));
  await expect(page.getByRole('region', { name: xk.public.citation.title })).toBeVisible();
});
