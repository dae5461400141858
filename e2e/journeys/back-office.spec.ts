import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import xkDatasets from '../../apps/web/src/locales/xk/datasets-admin.json' with { type: 'json' };
import xkDevices from '../../apps/web/src/locales/xk/devices.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { logIn } from '../session';
import { fill, xk } from '../texts';

const devices = xkDevices;
const datasets = xkDatasets;

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
});

test('an admin registers a device typed in lower case with dashes, finds it by MAC, edits it and deletes it', async ({
  page,
}) => {
  // Six random hex pairs, so a rerun against the same database registers a new device.
  const pairs = Array.from({ length: 6 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  );
  const typed = pairs.join('-');
  const canonical = pairs.join(':').toUpperCase();

  await page.goto('/admin/devices');
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.devices.title })).toBeVisible();
  await page.getByRole('button', { name: devices.create }).click();
  const creating = page.getByRole('dialog', { name: devices.form.createTitle });
  await creating.getByRole('textbox', { name: devices.form.mac }).fill(typed);
  await creating.getByRole('textbox', { name: devices.form.model }).fill('Galaxy Tab A');
  await creating.getByRole('textbox', { name: devices.form.type }).fill('tablet');
  await creating.getByRole('button', { name: devices.form.save, exact: true }).click();
  await expect(creating).toBeHidden();

  await page.getByRole('searchbox', { name: devices.search.label }).fill(typed);
  await page.getByRole('searchbox', { name: devices.search.label }).press('Enter');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: canonical }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Galaxy Tab A');

  await page.getByRole('button', { name: fill(devices.editLabel, { name: canonical }) }).click();
  const editing = page.getByRole('dialog', { name: devices.form.editTitle });
  await expect(editing.getByRole('textbox', { name: devices.form.mac })).toHaveValue(canonical);
  await editing.getByRole('textbox', { name: devices.form.model }).fill('Galaxy Tab S9');
  await editing.getByRole('button', { name: devices.form.save, exact: true }).click();
  await expect(editing).toBeHidden();
  await expect(row).toContainText('Galaxy Tab S9');

  await page.getByRole('button', { name: fill(devices.deleteLabel, { name: canonical }) }).click();
  const confirm = page.getByRole('dialog', { name: devices.confirmDelete.title });
  await confirm.getByRole('button', { name: devices.delete, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('rowheader', { name: canonical })).toHaveCount(0);
  await page.getByRole('searchbox', { name: devices.search.label }).fill(typed);
  await page.getByRole('searchbox', { name: devices.search.label }).press('Enter');
  await expect(page.getByText(devices.notFound)).toBeVisible();
});

test('an admin creates a coloured dataset, and is told to deactivate a demo dataset that has assets instead of deleting it', async ({
  page,
}) => {
  const name = `Kalatë ${Date.now().toString(36)}`;

  await page.goto('/admin/datasets');
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.datasets.title })).toBeVisible();
  await page.getByRole('button', { name: datasets.create }).click();
  const creating = page.getByRole('dialog', { name: datasets.form.createTitle });
  await expect(creating.getByRole('textbox', { name: datasets.form.pillColor })).toHaveValue('#000000');
  await creating.getByRole('textbox', { name: datasets.form.nameXk }).fill(name);
  await creating.getByRole('textbox', { name: datasets.form.descriptionXk }).fill('Kalatë mesjetare');
  await creating.getByRole('textbox', { name: datasets.form.pillColor }).fill('#1A7F5A');
  await creating.getByRole('button', { name: datasets.form.save, exact: true }).click();
  await expect(creating).toBeHidden();

  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toContainText('#1A7F5A');
  await expect(row).toContainText('Kalatë mesjetare');
  await expect(row).toContainText(datasets.active);

  await page.getByRole('button', { name: fill(datasets.deleteLabel, { name: 'Monumente' }), exact: true }).click();
  const refusing = page.getByRole('dialog', { name: datasets.confirmDelete.title });
  await refusing.getByRole('button', { name: datasets.delete, exact: true }).click();
  await expect(refusing.getByRole('alert')).toHaveText(xk.errors.codes.dataset_has_assets);
  await refusing.getByRole('button', { name: datasets.form.cancel }).click();
  await expect(page.getByRole('rowheader', { name: 'Monumente', exact: true })).toBeVisible();

  // The new dataset has no assets, so it can go; this also keeps the public journeys' demo data as seeded.
  await page.getByRole('button', { name: fill(datasets.deleteLabel, { name }), exact: true }).click();
  const deleting = page.getByRole('dialog', { name: datasets.confirmDelete.title });
  await deleting.getByRole('button', { name: datasets.delete, exact: true }).click();
  await expect(deleting).toBeHidden();
  await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0);
});
