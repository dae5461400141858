import accessRequests from '../../apps/web/src/locales/xk/access-requests.json' with { type: 'json' };
import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import { ADMIN, expect, test } from '../fixtures';
import { awaitOrSolveCaptcha } from '../captcha';
import { bytesOf, downloadDatasetAs } from '../dataset-downloads';
import { forgetSession, logIn } from '../session';
import { fill, xk } from '../texts';

const request = accessRequests.request;
const admin = accessRequests.admin;

test('a visitor asks for an account, an administrator approves it, and the new user downloads GeoJSON', async ({
  page,
}) => {
  // New on every run, so a rerun against the same database makes a new request and account.
  const run = Date.now().toString(36);
  const requester = { name: `Drita Krasniqi ${run}`, email: `drita.${run}@example.org` };

  // The visitor, without an account, follows the login page's link to the request form.
  await page.goto('/login');
  await page.getByRole('link', { name: request.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: request.title })).toBeVisible();
  await page.getByLabel(request.name).fill(requester.name);
  await page.getByLabel(request.email).fill(requester.email);
  await page.getByLabel(request.institution).fill('Instituti Albanologjik');
  await page.getByLabel(request.purpose).fill('Hulumtim mbi kullat e Dukagjinit');
  await awaitOrSolveCaptcha(page);
  await page.getByRole('button', { name: request.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: request.sentTitle })).toBeVisible();
  await expect(page.getByText(fill(request.sentText, { email: requester.email }))).toBeVisible();

  // The administrator finds it in the back office and approves it with the suggested user name.
  await page.goto('/login');
  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  await page.getByRole('button', { name: fill(xk.common.userMenu.label, { role: xk.common.roles.admin }) }).click();
  await page.getByRole('link', { name: xk.common.userMenu.accessRequests }).click();
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.accessRequests.title })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: requester.email });
  await expect(row).toContainText('Hulumtim mbi kullat e Dukagjinit');
  await row.getByRole('button', { name: fill(admin.approveLabel, { name: requester.name }) }).click();
  const approving = page.getByRole('dialog', { name: fill(admin.approval.title, { name: requester.name }) });
  const userName = approving.getByRole('textbox', { name: admin.approval.userName });
  await expect(userName).toHaveValue(`drita.${run}`);
  await approving.getByRole('button', { name: admin.approval.submit }).click();

  const created = page.getByRole('dialog', { name: admin.created.title });
  await expect(created.getByText(admin.created.password)).toBeVisible();
  const password = (await created.locator('dd').nth(1).textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z2-9]{24}$/);
  await created.getByRole('button', { name: admin.created.done }).click();
  await expect(created).toHaveCount(0);
  await expect(page.getByText(password)).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // The new user signs in with the one-time password and downloads a dataset as GeoJSON.
  await forgetSession(page);
  await page.goto('/login');
  await logIn(page, `drita.${run}`, password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  await page.goto('/data');
  await page
    .getByRole('link', { name: /Monumente/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/data\/\d+/);
  const geoJson = await downloadDatasetAs(page, 'geojson');
  expect(geoJson.suggestedFilename()).toMatch(/^monumente-.*\.geojson$/);
  const collection = JSON.parse((await bytesOf(geoJson)).toString('utf8')) as {
    type: string;
    features: unknown[];
  };
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features.length).toBeGreaterThan(0);
});
