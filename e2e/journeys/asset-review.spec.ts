import type { Page } from '@playwright/test';
import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import xkAssets from '../../apps/web/src/locales/xk/assets-admin.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { enterAsGuest, logIn, sessionToken } from '../session';
import { fill, xk } from '../texts';

const list = xkAssets.list;

type AssetShown = { id: string; name: string; datasetId: number; status: string; adminNote: string | null };

/** The asset as the API tells an admin, for what the list shows only in part (full id, dataset, note). */
async function assetOf(page: Page, id: string): Promise<AssetShown> {
  const response = await page.request.get(`/api/surveys/assets/${id}`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as AssetShown;
}

/** The full ids of the listed assets, read from their edit links. */
async function listedIds(page: Page, count: number) {
  const links = page.getByRole('link', { name: new RegExp(`^${list.actions.edit} `) });
  await expect(links.first()).toBeVisible();
  const hrefs = await Promise.all(Array.from({ length: count }, (_, index) => links.nth(index).getAttribute('href')));
  return hrefs.map((href) => href!.split('/').at(-1)!);
}

const labelOf = (asset: AssetShown) => fill(list.review.asset, { name: asset.name, id: asset.id.slice(0, 8) });

/** How many assets of the public dataset page match a search, as the visitor on `page` sees it. */
async function publicCount(page: Page, datasetId: number, search: string) {
  await page.goto(`/data/${datasetId}?q=${encodeURIComponent(search)}`);
  const count = page.getByText(new RegExp(`^${xk.public.dataset.list.count.replace('{{total}}', '(\\d+)')}$`));
  await expect(count).toBeVisible();
  return Number(/(\d+)/.exec((await count.textContent()) ?? '')?.[1]);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
});

test('an admin approves an uploaded asset with a note and sees it leave the UPLOADED list and appear on the public dataset page', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/admin/surveys/assets');
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.assets.list })).toBeVisible();
  await expect(page.getByRole('combobox', { name: list.filters.status })).toHaveValue('UPLOADED');
  const [id] = await listedIds(page, 1);
  const asset = await assetOf(page, id!);
  expect(asset.status).toBe('UPLOADED');

  // The public page as a guest sees it: an administrator there sees assets of every status.
  const guestContext = await browser.newContext({ baseURL, locale: 'sq-AL' });
  const guest = await guestContext.newPage();
  await enterAsGuest(guest);
  const before = await publicCount(guest, asset.datasetId, asset.name);

  await page.getByRole('button', { name: fill(list.actions.approveLabel, { name: labelOf(asset) }) }).click();
  const dialog = page.getByRole('dialog', { name: list.review.approveTitle });
  await dialog.getByRole('textbox', { name: list.review.note }).fill('Verifikuar në terren');
  await dialog.getByRole('button', { name: list.review.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(list.review.approved)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: fill(list.selection.row, { name: labelOf(asset) }) })).toHaveCount(0);
  expect(await assetOf(page, asset.id)).toMatchObject({ status: 'APPROVED', adminNote: 'Verifikuar në terren' });

  expect(await publicCount(guest, asset.datasetId, asset.name)).toBe(before + 1);
  await expect(guest.getByRole('listitem').filter({ hasText: asset.name }).first()).toBeVisible();
  await guestContext.close();
});

test('an admin rejects two ticked assets at once with one note', async ({ page }) => {
  await page.goto('/admin/surveys/assets');
  const ids = await listedIds(page, 2);
  const assets = await Promise.all(ids.map((id) => assetOf(page, id)));

  for (const asset of assets) {
    await page.getByRole('checkbox', { name: fill(list.selection.row, { name: labelOf(asset) }) }).check();
  }
  const bar = page.getByRole('region', { name: list.selection.bar });
  await expect(bar.getByText(fill(list.selection.selected, { count: 2 }))).toBeVisible();
  await bar.getByRole('button', { name: list.selection.reject, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: list.review.rejectManyTitle });
  await dialog.getByRole('textbox', { name: list.review.note }).fill('Dublikatë');
  await dialog.getByRole('button', { name: list.review.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(fill(list.review.updated, { updated: 2, matched: 2 }))).toBeVisible();
  await expect(bar).toBeHidden();

  for (const asset of assets) {
    await expect(page.getByRole('checkbox', { name: fill(list.selection.row, { name: labelOf(asset) }) })).toHaveCount(
      0,
    );
    expect(await assetOf(page, asset.id)).toMatchObject({ status: 'REJECTED', adminNote: 'Dublikatë' });
  }
});
