import xkArchive from '../../apps/web/src/locales/xk/archive.json' with { type: 'json' };
import xkMedia from '../../apps/web/src/locales/xk/media.json' with { type: 'json' };
import { expect, test } from '../fixtures';
import { enterAsGuest } from '../session';
import { xk } from '../texts';

const archive = xkArchive;
const media = xkMedia;

test('a guest filters the archive by content type and opens a photo, a PDF and a 3D model', async ({ page }) => {
  // Headless Chromium draws WebGL on the CPU (SwiftShader): the 3D model takes seconds, not a moment.
  test.slow();
  await enterAsGuest(page);
  await page
    .getByRole('navigation', { name: xk.common.nav.label })
    .getByRole('link', { name: xk.common.nav.archive })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: xk.public.archive.title })).toBeVisible();

  const results = page.getByRole('region', { name: archive.results.heading });
  const cards = results.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  const total = results.getByText(new RegExp(archive.results.count.replace('{{formatted}}', '\\d+')));
  await expect(cards).toHaveCount(8);
  const everyAssetWithMedia = await total.textContent();
  // Popular first: the views never go up from one card to the next.
  const views = (
    await cards.getByText(new RegExp(archive.card.views.replace('{{formatted}}', ''))).allTextContents()
  ).map((text) => Number(text.replace(/\D/g, '')));
  expect(views).toEqual([...views].sort((a, b) => b - a));

  await page.getByRole('checkbox', { name: media.types.THREE_D }).check();
  await expect(total).not.toHaveText(everyAssetWithMedia ?? '');
  await expect(cards).not.toHaveCount(0);
  for (const card of await cards.all()) {
    await expect(card.getByRole('list', { name: archive.card.mediaTypes })).toContainText(media.types.THREE_D);
  }

  await cards.getByRole('button', { name: /Kulla e familjes Zeka/ }).click();
  const dialog = page.getByRole('dialog', { name: /Kulla e familjes Zeka/ });

  // The demo's photo has no file name: it is called by its type, number and date.
  const photo = dialog.getByRole('img', { name: /Foto 1 · / });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await dialog.getByRole('button', { name: 'raport-konservimi.pdf' }).click();
  const pdfFrame = dialog.locator('iframe');
  await expect(pdfFrame).toHaveAttribute('title', /PDF/);
  const pdf = await page.request.get((await pdfFrame.getAttribute('src')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await dialog.getByRole('button', { name: 'modeli-3d.glb' }).click();
  await expect(dialog.getByText(media.model.loaded)).toBeVisible({ timeout: 30_000 });
  expect(
    await dialog.locator('model-viewer').evaluate((viewer) => (viewer as HTMLElement & { loaded: boolean }).loaded),
  ).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test("the archive's media dialog names the asset's place and dataset, and leads to the asset's page", async ({
  page,
}) => {
  await enterAsGuest(page);
  await page.goto('/archive');
  // The demo's asset with a 3D model, among the few that have one.
  await page.getByRole('checkbox', { name: media.types.THREE_D }).check();
  const results = page.getByRole('region', { name: archive.results.heading });
  await results.getByRole('button', { name: /Kulla e familjes Zeka/ }).click();
  const dialog = page.getByRole('dialog', { name: /Kulla e familjes Zeka/ });
  await expect(dialog.getByText(archive.modal.dataset, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Monumente', { exact: true })).toBeVisible();
  await expect(dialog.getByText(archive.modal.place, { exact: true })).toBeVisible();

  await dialog.getByRole('link', { name: archive.modal.openAsset }).click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /Kulla e familjes Zeka/ })).toBeVisible();
});
