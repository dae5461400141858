import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import xkAnalytics from '../../apps/web/src/locales/xk/analytics.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { enterAsGuest, logIn } from '../session';
import { xk } from '../texts';

const analytics = xkAnalytics;
const totalPattern = new RegExp(analytics.results.total.replace('{{total}}', '([\\d\\s.,\u00a0\u202f]+)'));
const pagePattern = (page: number | string, pages: number | string) =>
  analytics.results.page.replace('{{page}}', String(page)).replace('{{pages}}', String(pages));

/** The figure the results header states, e.g. 'Asete të gjetura: 1 234' → 1234. */
async function totalShown(page: Page) {
  const text = await page.getByText(totalPattern).textContent();
  return Number(totalPattern.exec(text ?? '')?.[1]?.replace(/\D/g, ''));
}

/** A chart's bars as its accessible description reads them: 'Pejë: 12; Prizren: 9' → [['Pejë', 12], …]. */
async function barsOf(chart: Locator): Promise<[string, number][]> {
  const description = (await chart.getAttribute('aria-describedby')) ?? '';
  const text = (await chart.page().locator(`[id="${description}"]`).textContent()) ?? '';
  return text.split('; ').map((bar) => {
    const at = bar.lastIndexOf(': ');
    return [bar.slice(0, at), Number(bar.slice(at + 2).replace(/\D/g, ''))];
  });
}

test('a logged-in user filters analytics by municipality, pages through the results and sees the charts change', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  await page
    .getByRole('navigation', { name: xk.common.nav.label })
    .getByRole('link', { name: xk.common.nav.analytics })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: analytics.title })).toBeVisible();
  await expect(page.getByText(analytics.chooseDataset)).toBeVisible();

  await page.getByRole('combobox', { name: analytics.picker.label }).selectOption({ label: 'Monumente' });
  await expect(page.getByText(totalPattern)).toBeVisible();
  const everything = await totalShown(page);
  const byMunicipality = page.getByRole('img', { name: analytics.charts.byMunicipality });
  await expect(byMunicipality).toBeVisible();
  const allBars = await barsOf(byMunicipality);
  expect(allBars.length).toBeGreaterThan(1);
  // The charts count every matching asset: their bars add up to the total.
  expect(allBars.reduce((sum, [, count]) => sum + count, 0)).toBe(everything);

  // Filter by the municipality with the most assets, so there is more than one page to go through.
  const [municipality, expected] = allBars[0]!;
  expect(expected).toBeGreaterThan(8);
  await page.getByRole('button', { name: /^Komuna/ }).click();
  await page.getByRole('checkbox', { name: municipality, exact: true }).check();
  await page.getByRole('button', { name: analytics.filters.show }).click();

  await expect.poll(() => totalShown(page)).toBe(expected);
  await expect(byMunicipality).toHaveAccessibleDescription(`${municipality}: ${expected}`);
  const byRisk = await barsOf(page.getByRole('img', { name: analytics.charts.byRiskLevel }));
  expect(byRisk.map(([level]) => level)).toEqual([analytics.risk.high, analytics.risk.medium, analytics.risk.low]);
  expect(byRisk.reduce((sum, [, count]) => sum + count, 0)).toBe(expected);

  const table = page.getByRole('table', { name: analytics.results.table });
  const rows = table.locator('tbody tr');
  const pages = Math.ceil(expected / 8);
  await expect(page.getByText(pagePattern(1, pages))).toBeVisible();
  await expect(rows).toHaveCount(8);
  for (const text of await rows.allTextContents()) expect(text).toContain(municipality);
  const firstPage = await rows.allTextContents();

  await page.getByRole('button', { name: analytics.results.next }).click();
  await expect(page.getByText(pagePattern(2, pages))).toBeVisible();
  await expect(rows).toHaveCount(pages > 2 ? 8 : expected - 8);
  expect(await rows.allTextContents()).not.toEqual(firstPage);
  for (const text of await rows.allTextContents()) expect(text).toContain(municipality);
  await page.getByRole('button', { name: analytics.results.previous }).click();
  await expect(page.getByText(pagePattern(1, pages))).toBeVisible();

  // The report holds the same filtered assets, as a real Excel file.
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: analytics.report.xlsx }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await readFile(await report.path())).subarray(0, 2).toString()).toBe('PK');
  await expect(page.getByText(analytics.report.success)).toBeVisible();

  await page.getByRole('button', { name: analytics.filters.newSearch }).click();
  await expect.poll(() => totalShown(page)).toBe(everything);
  expect((await barsOf(byMunicipality)).length).toBeGreaterThan(1);
});

test('on a phone (360 px) every column of the results is read without scrolling sideways, and the pager works by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  await page.goto('/analytics');
  await page.getByRole('combobox', { name: analytics.picker.label }).selectOption({ label: 'Monumente' });

  const table = page.getByRole('table', { name: analytics.results.table });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await firstRow.scrollIntoViewIfNeeded();
  // The name and each value with its column's name, all inside the screen's width.
  const parts = firstRow.locator('th, td');
  await expect(parts).toHaveCount(6);
  for (const part of await parts.all()) {
    await expect(part).toBeVisible();
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, `${await part.textContent()} is cut off`).toBe(true);
  }
  for (const column of ['municipality', 'type', 'usability', 'access', 'risk'] as const) {
    await expect(firstRow.getByText(analytics.results.columns[column], { exact: true })).toBeVisible();
  }
  const overflows = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflows, 'the page scrolls sideways').toBe(false);

  const firstPage = await table.getByRole('rowheader').allTextContents();
  await page.getByRole('button', { name: analytics.results.next }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^${pagePattern(2, '\\d+')}$`))).toBeVisible();
  expect(await table.getByRole('rowheader').allTextContents()).not.toEqual(firstPage);
});

test('a guest sees the dataset picker and is asked to log in to use analytics', async ({ page }) => {
  await enterAsGuest(page);
  await page.goto('/analytics');
  await expect(page.getByRole('combobox', { name: analytics.picker.label })).toBeVisible();
  const invitation = page.getByRole('region', { name: analytics.login.title });
  await expect(invitation).toBeVisible();
  await invitation.getByRole('link', { name: analytics.login.link }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fanalytics/);
});
