import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import enAuth from '../../apps/web/src/locales/en/auth.json' with { type: 'json' };
import enDatasets from '../../apps/web/src/locales/en/datasets-admin.json' with { type: 'json' };
import enDevices from '../../apps/web/src/locales/en/devices.json' with { type: 'json' };
import enPublic from '../../apps/web/src/locales/en/public.json' with { type: 'json' };
import srAuth from '../../apps/web/src/locales/sr/auth.json' with { type: 'json' };
import srDatasets from '../../apps/web/src/locales/sr/datasets-admin.json' with { type: 'json' };
import srDevices from '../../apps/web/src/locales/sr/devices.json' with { type: 'json' };
import srPublic from '../../apps/web/src/locales/sr/public.json' with { type: 'json' };
import xkAuth from '../../apps/web/src/locales/xk/auth.json' with { type: 'json' };
import xkDatasets from '../../apps/web/src/locales/xk/datasets-admin.json' with { type: 'json' };
import xkDevices from '../../apps/web/src/locales/xk/devices.json' with { type: 'json' };
import xkPublic from '../../apps/web/src/locales/xk/public.json' with { type: 'json' };
import { awaitOrSolveCaptcha } from '../captcha';
import { ADMIN, expect, test } from '../fixtures';
import { sessionToken } from '../session';
import { fill } from '../texts';

/** The interface texts a visitor of each language reads, keyed by the app's language codes. */
const TEXTS = {
  xk: { auth: xkAuth, datasets: xkDatasets, devices: xkDevices, public: xkPublic },
  en: { auth: enAuth, datasets: enDatasets, devices: enDevices, public: enPublic },
  sr: { auth: srAuth, datasets: srDatasets, devices: srDevices, public: srPublic },
} as const;
type Language = keyof typeof TEXTS;

/** The demo's first dataset as each language names it (apps/server/src/db/seed/demo-datasets.ts). */
const MONUMENTS: Record<Language, string> = { xk: 'Monumente', en: 'Monuments', sr: 'Spomenici' };

/** Browser storage key of the chosen language (apps/web/src/shared/i18n/language.ts). */
const LANGUAGE_STORAGE_KEY = 'language';

/** Violations a user of assistive technology cannot work around; minor and moderate ones are advice. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Every serious or critical WCAG 2.1 A/AA violation on the page (or inside `within`), one readable line each. */
async function blockingViolations(page: Page, within?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const [first] = violation.nodes;
      const where = `${violation.nodes.length} element(s), e.g. ${first?.target.join(' ')}`;
      const why = first?.failureSummary?.replace(/\n/g, '\n      ') ?? '';
      return `  ${violation.id} (${violation.impact}): ${violation.help}; ${where}\n      ${why}`;
    });
}

/** Waits until the page shows its heading and nothing is loading any more. */
async function waitForContent(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

async function expectNoBlockingViolations(page: Page, where: string, within?: string) {
  const found = await blockingViolations(page, within);
  expect.soft(found.length, `accessibility violations on ${where}:\n${found.join('\n')}`).toBe(0);
}

async function logInAs(page: Page, language: Language) {
  const auth = TEXTS[language].auth;
  await page.getByLabel(auth.userName).fill(ADMIN.userName);
  await page.getByLabel(auth.password).fill(ADMIN.password);
  await awaitOrSolveCaptcha(page);
  await page.getByRole('button', { name: auth.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS[language].public.home.title })).toBeVisible();
}

/** Ids of demo records for the pages that show one: a dataset, a survey, an asset. */
async function demoIds(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const firstId = async (path: string) => {
    const response = await page.request.get(path, { headers });
    expect(response.ok(), `${path} answers`).toBe(true);
    const { items } = (await response.json()) as { items: Array<{ id: string | number }> };
    expect(items.length, `${path} lists demo records`).toBeGreaterThan(0);
    return String(items[0]!.id);
  };
  return {
    dataset: await firstId('/api/datasets?limit=1'),
    survey: await firstId('/api/surveys?limit=1'),
    asset: await firstId('/api/surveys/assets?status=APPROVED&limit=1'),
  };
}

const pagesOf = (ids: Awaited<ReturnType<typeof demoIds>>) => [
  '/',
  '/data',
  `/data/${ids.dataset}`,
  `/assets/${ids.asset}`,
  '/map',
  '/analytics',
  '/archive',
  '/dokumentacioni',
  '/about',
  '/docs',
  '/request-access',
  '/no-such-page',
  '/admin/surveys',
  '/admin/surveys/new',
  `/admin/surveys/${ids.survey}`,
  '/admin/surveys/assets',
  `/admin/surveys/assets/${ids.asset}`,
  `/admin/surveys/assets/${ids.asset}/media`,
  '/admin/questions/library',
  '/admin/devices',
  '/admin/users',
  '/admin/access-requests',
  '/admin/datasets',
  '/admin/guidelines',
  '/admin/imports',
  '/account/password',
  '/collect',
];

/** Checks the open dialog, then closes it with Escape. */
async function expectAccessibleDialog(page: Page, dialog: Locator, where: string) {
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.animate-spin')).toHaveCount(0);
  await expectNoBlockingViolations(page, where, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const language of Object.keys(TEXTS) as Language[]) {
  test(`every page and dialog has no serious accessibility violations in ${language}`, async ({ page }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[language];
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      LANGUAGE_STORAGE_KEY,
      language,
    ] as const);

    await page.goto('/login');
    await waitForContent(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'xk' ? 'sq' : /^(en|sr)/);
    await expectNoBlockingViolations(page, `/login (${language})`);
    await logInAs(page, language);

    const ids = await demoIds(page);
    for (const path of pagesOf(ids)) {
      await page.goto(path);
      await waitForContent(page);
      await expectNoBlockingViolations(page, `${path} (${language})`);
    }

    await page.goto('/admin/devices');
    await waitForContent(page);
    await page.getByRole('button', { name: texts.devices.create }).click();
    await expectAccessibleDialog(
      page,
      page.getByRole('dialog', { name: texts.devices.form.createTitle }),
      `the new device form (${language})`,
    );

    await page.goto('/admin/datasets');
    await waitForContent(page);
    await page
      .getByRole('button', { name: fill(texts.datasets.deleteLabel, { name: MONUMENTS[language] }), exact: true })
      .click();
    await expectAccessibleDialog(
      page,
      page.getByRole('dialog', { name: texts.datasets.confirmDelete.title }),
      `the delete confirmation (${language})`,
    );

    await page.goto(`/data/${ids.dataset}`);
    await waitForContent(page);
    // Each asset's button is named "Details: <asset>"; a filter elsewhere mentions details too.
    await page
      .getByRole('button', { name: new RegExp(`^${texts.public.dataset.item.details}\\b`) })
      .first()
      .click();
    await expectAccessibleDialog(page, page.getByRole('dialog'), `the asset details (${language})`);
  });
}

/** Presses Tab until `target` has focus, as a keyboard user reaches it; fails when it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('a keyboard user opens a dialog, stays inside it while tabbing, and Escape brings them back', async ({ page }) => {
  const texts = TEXTS.xk;
  await page.goto('/login');
  await logInAs(page, 'xk');
  await page.goto('/admin/devices');
  await waitForContent(page);

  const opener = page.getByRole('button', { name: texts.devices.create });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: texts.devices.form.createTitle });
  await expect(dialog).toBeVisible();

  // Around the whole dialog and past its end: focus wraps inside instead of escaping to the page.
  const stops = await dialog
    .locator('button:not([disabled]), input:not([disabled]), select, textarea, a[href]')
    .count();
  for (let press = 0; press < stops + 2; press += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A confirmation opened from the keyboard starts on its harmless button and closes on Escape too.
  await page.goto('/admin/datasets');
  await waitForContent(page);
  const deleteOpener = page.getByRole('button', {
    name: fill(texts.datasets.deleteLabel, { name: 'Monumente' }),
    exact: true,
  });
  await tabTo(page, deleteOpener);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: texts.datasets.confirmDelete.title });
  await expect(confirm.getByRole('button', { name: texts.datasets.form.cancel })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(deleteOpener).toBeFocused();
});
