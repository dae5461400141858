import xkAdmin from '../../apps/web/src/locales/xk/admin.json' with { type: 'json' };
import documentation from '../../apps/web/src/locales/xk/documentation.json' with { type: 'json' };
import guidelinesAdmin from '../../apps/web/src/locales/xk/guidelines-admin.json' with { type: 'json' };
import users from '../../apps/web/src/locales/xk/users.json' with { type: 'json' };
import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from '../fixtures';
import { logIn } from '../session';
import { fill, xk } from '../texts';

/** A one-page PDF, as small as a valid one gets. */
const TINY_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
  ].join('\n'),
  'latin1',
);

const logInFromLoginPage = async (page: Page, userName: string, password: string) => {
  await page.goto('/login');
  await logIn(page, userName, password);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
};

const openAccountMenu = (page: Page, role: string) =>
  page.getByRole('button', { name: fill(xk.common.userMenu.label, { role }) }).click();

const signOut = async (page: Page, role: string) => {
  await openAccountMenu(page, role);
  await page.getByRole('button', { name: xk.common.auth.logout }).click();
  await expect(page.getByRole('heading', { level: 1, name: xk.auth.title })).toBeVisible();
};

test('an admin creates a user, who then logs in and changes their own password', async ({ page }) => {
  // A new name on every run, so a rerun against the same database creates a new account.
  const userName = `arta.${Date.now().toString(36)}`;
  const firstPassword = 'fillestari-12345';
  const newPassword = 'i-ri-dhe-i-gjate-678';

  await logInFromLoginPage(page, ADMIN.userName, ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.users.title })).toBeVisible();
  await page.getByRole('button', { name: users.create }).click();
  const creating = page.getByRole('dialog', { name: users.form.createTitle });
  await creating.getByRole('textbox', { name: users.form.userName }).fill(userName);
  await creating.getByLabel(users.form.password, { exact: true }).fill('shkurt');
  await creating.getByLabel(users.form.confirmPassword).fill('shkurt');
  await expect(creating.getByRole('combobox', { name: users.form.role })).toHaveValue('1');
  await creating.getByRole('button', { name: users.form.save, exact: true }).click();
  await expect(creating.getByRole('alert')).toHaveText(fill(users.validation.passwordTooShort, { min: 10 }));
  await creating.getByLabel(users.form.password, { exact: true }).fill(firstPassword);
  await creating.getByLabel(users.form.confirmPassword).fill(firstPassword);
  await creating.getByRole('button', { name: users.form.save, exact: true }).click();
  await expect(creating).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: userName }) });
  await expect(row).toContainText(users.roles['1']);
  await expect(row).toContainText(users.never);

  await signOut(page, xk.common.roles.admin);
  await logIn(page, userName, firstPassword);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  await openAccountMenu(page, xk.common.roles.user);
  await page.getByRole('link', { name: xk.common.userMenu.changePassword }).click();
  await expect(page.getByRole('heading', { level: 1, name: users.ownPassword.title })).toBeVisible();

  const current = page.getByLabel(users.ownPassword.currentPassword);
  await current.fill('jo-ky-fjalekalim');
  await page.getByLabel(users.ownPassword.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(users.ownPassword.confirmPassword).fill(newPassword);
  await page.getByRole('button', { name: users.ownPassword.submit }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText(xk.errors.codes.wrong_password);

  await current.fill(firstPassword);
  await page.getByRole('button', { name: users.ownPassword.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: users.ownPassword.changed })).toBeVisible();

  // The page keeps its session with the fresh token: the next page still opens logged in.
  await page.goto('/data');
  await expect(
    page.getByRole('button', { name: fill(xk.common.userMenu.label, { role: xk.common.roles.user }) }),
  ).toBeVisible();

  // The new password opens the account (the login page may return to /data, where the user signed out).
  await signOut(page, xk.common.roles.user);
  await logIn(page, userName, newPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(
    page.getByRole('button', { name: fill(xk.common.userMenu.label, { role: xk.common.roles.user }) }),
  ).toBeVisible();
});

test('an admin uploads a PDF guideline, previews it on /dokumentacioni, renames and deletes it', async ({ page }) => {
  const title = `Plani i punës ${Date.now().toString(36)}`;
  const renamed = `${title} (rishikuar)`;

  await logInFromLoginPage(page, ADMIN.userName, ADMIN.password);
  await page.goto('/admin/guidelines');
  await expect(page.getByRole('heading', { level: 1, name: xkAdmin.guidelines.title })).toBeVisible();
  const upload = page.getByRole('button', { name: guidelinesAdmin.upload.submit, exact: true });
  await expect(upload).toBeDisabled();
  await page
    .getByLabel(guidelinesAdmin.upload.file)
    .setInputFiles({ name: 'plani-i-punes.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await page.getByRole('textbox', { name: guidelinesAdmin.upload.name }).fill(title);
  await upload.click();
  await expect(page.getByText(guidelinesAdmin.saved)).toBeVisible();
  const adminList = page.getByRole('list', { name: guidelinesAdmin.listLabel });
  await expect(adminList.getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/dokumentacioni');
  await page.getByRole('searchbox', { name: documentation.search.label }).fill(title);
  const list = page.getByRole('list', { name: documentation.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: fill(documentation.viewLabel, { title }) }).click();
  const preview = page.getByRole('dialog', { name: title });
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('title', fill(documentation.previewFrame, { title }));
  const pdf = await page.request.get((await frame.getAttribute('src'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await pdf.body(), TINY_PDF)).toBe(0);
  await page.keyboard.press('Escape');

  // Back in the back office: rename it in place, then delete it, leaving the demo documents as seeded.
  await page.goto('/admin/guidelines');
  await page.getByRole('button', { name: fill(guidelinesAdmin.renameLabel, { title }) }).click();
  const renaming = page.getByRole('textbox', { name: fill(guidelinesAdmin.renameField, { title }) });
  await renaming.fill(renamed);
  await renaming.press('Enter');
  await expect(adminList.getByRole('heading', { name: renamed })).toBeVisible();

  await page.getByRole('button', { name: fill(guidelinesAdmin.deleteLabel, { title: renamed }) }).click();
  const confirm = page.getByRole('dialog', { name: guidelinesAdmin.confirmDelete.title });
  await confirm.getByRole('button', { name: guidelinesAdmin.delete, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(adminList.getByRole('heading', { name: renamed })).toHaveCount(0);
});
