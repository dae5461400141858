import type { Page } from '@playwright/test';
import xkMap from '../../apps/web/src/locales/xk/map.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { enterAsGuest, logIn } from '../session';
import { xk } from '../texts';

/**
 * '123 asete në hartë' → 123 (whatever digit grouping the language uses); an administrator's count
 * goes on with how many of them the public does not see.
 */
const shownCount = new RegExp(`^([\\d\\s.,\u00a0\u202f]+) ${xkMap.status.count.replace('{{formatted}} ', '')}`);

async function assetsOnTheMap(page: Page) {
  const count = page.getByText(shownCount);
  await expect(count).toBeVisible();
  return Number((shownCount.exec((await count.textContent()) ?? '')?.[1] ?? '').replace(/\D/g, ''));
}

/**
 * Zooms in and searches the area in view until it holds fewer than `all` assets, and answers how
 * many it holds. Leaflet reports the view when its zoom animation ends, so a search right after a
 * click may still take the wider view: another zoom and search then narrows it.
 */
async function searchANarrowerArea(page: Page, all: number) {
  const map = page.getByRole('region', { name: xkMap.mapLabel });
  await expect(map.locator('canvas').first()).toBeVisible();
  for (let zooms = 1; zooms <= 5; zooms++) {
    await map.getByRole('button', { name: /zoom in/i }).click();
    if (zooms < 2) continue;
    const narrowed = page.waitForResponse(
      (response) => response.url().includes('/api/surveys/assets/points') && response.url().includes('latMin='),
    );
    await page.getByRole('button', { name: xkMap.area.search }).click();
    await narrowed;
    await expect(page.getByText(xkMap.area.active)).toBeVisible();
    const inArea = await assetsOnTheMap(page);
    if (inArea < all) return inArea;
  }
  throw new Error(`Five zooms in, the area in view still holds all ${all} assets`);
}

test('a guest sees a demo dataset on the map, narrows it by risk and opens an asset', async ({ page }) => {
  await enterAsGuest(page);
  await page.getByRole('navigation').getByRole('link', { name: xk.common.nav.map }).first().click();
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.map.title })).toBeVisible();

  // The first dataset fills the first slot; its assets are drawn on one canvas, and counted in words.
  await expect(page.getByRole('combobox', { name: xkMap.datasets.slot.replace('{{number}}', '1') })).toHaveValue(/\d+/);
  const map = page.getByRole('region', { name: xkMap.mapLabel });
  await expect(map.locator('canvas').first()).toBeVisible();
  const all = await assetsOnTheMap(page);
  expect(all).toBeGreaterThan(0);

  const narrowed = page.waitForResponse(
    (response) => response.url().includes('/api/surveys/assets/points') && response.url().includes('riskLevel=high'),
  );
  await page.getByLabel(xkMap.risk.label).selectOption({ label: xkMap.risk.high });
  await narrowed;
  const high = await assetsOnTheMap(page);
  expect(high).toBeGreaterThan(0);
  expect(high).toBeLessThan(all);

  // Keyboard users reach the points through the list; the choice opens the popup and the card.
  await page.getByText(xkMap.list.summary).click();
  const listed = page.getByRole('list', { name: xkMap.list.summary }).getByRole('button');
  // The list sits below the map: choosing from it brings the card up, whole and clear of the sticky header.
  await listed.nth(5).scrollIntoViewIfNeeded();
  await listed.nth(5).click();
  const card = page.getByRole('region', { name: xkMap.asset.card });
  const heading = card.getByRole('heading');
  await expect(heading).toBeFocused();
  const header = page.getByRole('banner');
  await expect
    .poll(async () => {
      const [cardBox, headerBox] = [await card.boundingBox(), await header.boundingBox()];
      const viewportHeight = page.viewportSize()?.height ?? 0;
      return (
        cardBox &&
        headerBox &&
        cardBox.y >= headerBox.y + headerBox.height &&
        cardBox.y + cardBox.height <= viewportHeight
      );
    }, 'the card is shown whole, below the sticky header')
    .toBe(true);
  await expect(card.getByText(xkMap.risk.high)).toBeVisible();
  await expect(map.locator('.leaflet-popup-content')).toContainText((await heading.textContent()) ?? '');

  await card.getByRole('link', { name: xkMap.asset.open }).click();
  await expect(page).toHaveURL(/\/data\/\d+\?q=/);
});

test('on a phone, an asset chosen from the list shows its card whole, below the header, without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await enterAsGuest(page);
  await page.goto('/map');
  await expect(page.getByRole('region', { name: xkMap.mapLabel }).locator('canvas').first()).toBeVisible();
  await page.getByRole('button', { name: xkMap.panel.show }).click();
  await page.getByText(xkMap.list.summary).click();
  const listed = page.getByRole('list', { name: xkMap.list.summary }).getByRole('button');
  await listed.nth(3).scrollIntoViewIfNeeded();
  await listed.nth(3).click();

  const card = page.getByRole('region', { name: xkMap.asset.card });
  await expect(card.getByRole('heading')).toBeFocused();
  const header = page.getByRole('banner');
  await expect
    .poll(async () => {
      const [cardBox, headerBox] = [await card.boundingBox(), await header.boundingBox()];
      return (
        cardBox &&
        headerBox &&
        cardBox.y >= headerBox.y + headerBox.height &&
        cardBox.y + cardBox.height <= 740 &&
        cardBox.x >= 0 &&
        cardBox.x + cardBox.width <= 360
      );
    }, 'the card is shown whole on the phone screen, below the sticky header')
    .toBe(true);
  const scrolledSideways = await page.evaluate(
    () => window.scrollX > 0 || document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrolledSideways, 'the page scrolls sideways').toBe(false);
});

/** A dataset of `count` points spread over Kosovo, in the compact endpoint's columns, narrowed by risk as the server does. */
function syntheticPoints(count: number, riskLevel: string | null) {
  const levels = ['high', 'medium', 'low'] as const;
  const all = Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    lat: 41.9 + ((i * 7919) % 1000) / 850,
    lng: 20.1 + ((i * 104729) % 1000) / 700,
    riskLevel: levels[i % 3]!,
  }));
  const kept = all.filter((point) => !riskLevel || point.riskLevel === riskLevel);
  return {
    datasetId: 1,
    points: {
      id: kept.map((point) => point.id),
      lat: kept.map((point) => point.lat),
      lng: kept.map((point) => point.lng),
      name: kept.map((point) => `Aseti ${point.id.slice(-5)}`),
      municipality: kept.map(() => 'Prizren'),
      village: kept.map(() => null),
      date: kept.map(() => '2024-05-06T10:00:00.000Z'),
      risk: kept.map((point) => String(levels.indexOf(point.riskLevel) + 1)),
      riskLevel: kept.map((point) => point.riskLevel),
    },
    meta: { totalItems: kept.length, truncated: false },
  };
}

test('ten thousand points load, and the map can still be panned and filtered', async ({ page }) => {
  await page.route('**/api/surveys/assets/points?**', (route) =>
    route.fulfill({
      json: syntheticPoints(10_000, new URL(route.request().url()).searchParams.get('riskLevel')),
    }),
  );
  await enterAsGuest(page);
  // Within the app, whose calls the route above answers: a page loaded afresh comes with the server's own points.
  await page.getByRole('navigation').getByRole('link', { name: xk.common.nav.map }).first().click();
  await expect(page.getByText(shownCount)).toBeVisible();
  expect(await assetsOnTheMap(page)).toBe(10_000);

  const map = page.getByRole('region', { name: xkMap.mapLabel });
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no size');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 150, y + 80, { steps: 10 });
  await page.mouse.up();
  await page.mouse.wheel(0, -300);

  // The panel still answers at once: the risk level narrows the 10,000 to a third.
  await page.getByLabel(xkMap.risk.label).selectOption({ label: xkMap.risk.medium });
  await expect(page.getByText(shownCount)).toHaveText(/^3[\s.,\u00a0\u202f]?333 /);
});

test('a guest searches the area in view and a date range, and the reloaded address shows the same map', async ({
  page,
}) => {
  await enterAsGuest(page);
  await page.goto('/map');
  const all = await assetsOnTheMap(page);
  // Closer in, over the middle of Kosovo: part of the dataset is in view.
  const inArea = await searchANarrowerArea(page, all);
  await expect(page).toHaveURL(/area=/);

  await page
    .getByLabel(xk.common.dateRange.from)
    .fill(new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10));
  await expect(page).toHaveURL(/from=/);
  await expect.poll(() => assetsOnTheMap(page)).toBeLessThan(inArea);
  const inAreaAndRange = await assetsOnTheMap(page);
  const address = page.url();

  await page.reload();
  await expect(page.getByText(xkMap.area.active)).toBeVisible();
  expect(await assetsOnTheMap(page)).toBe(inAreaAndRange);
  expect(page.url()).toBe(address);
});

test('an administrator is told what the public does not see, on the map and in a dataset list of the area', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  // '(44 jo publike)' beside a count: the demo data holds assets under review and rejected ones.
  const notPublic = new RegExp(
    xk.common.notPublic.replace('({{formatted}}', '\\([\\d\\s.,\u00a0\u202f]+').replace(')', '\\)'),
  );

  await page.goto('/data');
  await expect(page.getByText(notPublic).first()).toBeVisible();

  await page.goto('/map');
  await expect(page.getByText(notPublic).first()).toBeVisible();
  await searchANarrowerArea(page, await assetsOnTheMap(page));

  // The area's list of one dataset: the dataset page names the area and can drop it.
  await page.getByRole('list', { name: xkMap.area.lists }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/data\/\d+\?.*area=/);
  await expect(page.getByText(xk.public.dataset.filters.inMapArea)).toBeVisible();
  // 'Gjithsej: 42', and for an administrator ' (3 jo publike)' after it.
  const total = new RegExp(`^${xk.public.dataset.list.count.replace('{{total}}', '([\\d\\s.,\u00a0\u202f]+)')}`);
  const listTotal = async () => {
    const shown = page.getByText(total);
    await expect(shown).toBeVisible();
    return Number((total.exec((await shown.textContent()) ?? '')?.[1] ?? '').replace(/\D/g, ''));
  };
  const inArea = await listTotal();
  await page.getByRole('button', { name: xk.public.dataset.filters.clearMapArea }).click();
  await expect(page.getByText(xk.public.dataset.filters.inMapArea)).toHaveCount(0);
  await expect(page).not.toHaveURL(/area=/);
  await expect.poll(listTotal).toBeGreaterThan(inArea);
});
