import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import xkAssets from '../../apps/web/src/locales/xk/assets-admin.json' with { type: 'json' };
import xkImports from '../../apps/web/src/locales/xk/imports.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn } from '../session';
import { fill, xk } from '../texts';

/** The demo survey (apps/server/src/db/seed/demo-survey.ts), as the survey picker names it in Albanian. */
const DEMO_SURVEY = 'Formulari i regjistrimit të trashëgimisë kulturore';

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
});

test('an admin imports a CSV whose headers are the survey questions, leaving out a column with an unknown option, and finds the asset among the uploaded ones', async ({
  page,
}) => {
  const assetName = `Kulla e importuar ${Date.now()}`;
  const fileName = 'regjistri-i-vjeter.csv';
  // Headers are the demo survey's titles in Albanian and English; 'Piramidë' is not an asset type it offers.
  const csv = ['Emri i asetit;Type of asset;Komuna;Latitude;Longitude', `${assetName};Piramidë;Prizren;42,2139;20,7397`]
    .join('\r\n')
    .concat('\r\n');

  await page.getByRole('button', { name: fill(xk.common.userMenu.label, { role: xk.common.roles.admin }) }).click();
  await page.getByRole('link', { name: xk.common.userMenu.imports }).click();
  await expect(page.getByRole('heading', { level: 1, name: xkImports.title })).toBeVisible();

  await page.getByRole('combobox', { name: xkImports.upload.survey }).selectOption({ label: DEMO_SURVEY });
  const dataset = page.getByRole('combobox', { name: xkImports.upload.dataset });
  await expect(dataset).not.toHaveValue('');
  const datasetId = await dataset.inputValue();
  await page
    .getByLabel(xkImports.upload.file)
    .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: xkImports.upload.submit, exact: true }).click();

  // Headers matching a question's title in any language, and the coordinates, are mapped already.
  const typeColumn = page.getByRole('combobox', {
    name: fill(xkImports.mapping.targetLabel, { header: 'Type of asset' }),
  });
  await expect(typeColumn.locator('option:checked')).toHaveText(/Lloji i asetit$/);
  await expect(
    page
      .getByRole('combobox', { name: fill(xkImports.mapping.targetLabel, { header: 'Emri i asetit' }) })
      .locator('option:checked'),
  ).toHaveText(/Emri i asetit$/);
  await expect(
    page.getByRole('combobox', { name: fill(xkImports.mapping.targetLabel, { header: 'Latitude' }) }),
  ).toHaveValue('f:latitude');

  await page.getByRole('button', { name: xkImports.mapping.check }).click();
  const problems = page.getByRole('table', { name: xkImports.preview.caption });
  const problem = problems.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2', exact: true }) });
  await expect(problem).toContainText('Type of asset');
  await expect(problem).toContainText(xkImports.preview.code.unknown_option);
  const importButton = page.getByRole('button', { name: fill(xkImports.run.submit, { rows: 1 }) });
  await expect(importButton).toBeDisabled();

  await typeColumn.selectOption({ label: xkImports.mapping.notImported });
  await page.getByRole('button', { name: xkImports.mapping.check }).click();
  await expect(page.getByText(xkImports.preview.allValid)).toBeVisible();
  await importButton.click();
  const dialog = page.getByRole('dialog', { name: xkImports.run.confirmTitle });
  await dialog.getByRole('button', { name: xkImports.run.confirm, exact: true }).click();
  await expect(page.getByText(fill(xkImports.run.done, { assets: 1, fileName }))).toBeVisible();

  await page.getByRole('link', { name: xkImports.run.viewAssets }).click();
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.assets.list })).toBeVisible();
  await expect(page.getByRole('combobox', { name: xkAssets.list.filters.status })).toHaveValue('UPLOADED');
  await expect(page.getByRole('combobox', { name: xkAssets.list.filters.dataset })).toHaveValue(datasetId);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: assetName }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Prizren');
  await expect(row).toContainText(xkAssets.list.status.UPLOADED);
});
