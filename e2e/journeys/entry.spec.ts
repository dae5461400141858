import type { Page } from '@playwright/test';
import { expectCaptchaUnsolved, solveCaptcha } from '../captcha';
import { ADMIN, expect, test } from '../fixtures';
import { enterAsGuest, logIn } from '../session';
import { en, xk } from '../texts';

const languageButton = (page: Page, code: 'XK' | 'EN' | 'SR') =>
  page.getByRole('group', { name: /Gjuha|Language|Jezik/ }).getByRole('button', { name: new RegExp(`^${code}`) });

test('a new visitor is sent to log in, enters as a guest after the captcha and lands on Home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await solveCaptcha(page);
  await page.getByRole('button', { name: xk.auth.guest.enter }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: xk.common.nav.label })).toContainText(xk.common.nav.data);
});

test('a visitor who switches to English still reads English after reloading', async ({ page }) => {
  await enterAsGuest(page);

  await languageButton(page, 'EN').click();
  await expect(page.getByRole('heading', { level: 1, name: en.public.home.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: en.public.home.title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: en.common.nav.label })).toContainText(en.common.nav.analytics);
});

test('the admin logs in, returns to the page asked for, and sees the admin menu', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers$/);

  await logIn(page, ADMIN.userName, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/users$/);

  await page.getByRole('button', { name: new RegExp(xk.common.roles.admin) }).click();
  for (const item of ['surveys', 'assets', 'questionLibrary', 'devices', 'users', 'datasets', 'guidelines'] as const) {
    await expect(page.getByRole('link', { name: xk.common.userMenu[item], exact: true })).toBeVisible();
  }
});

test('a wrong password shows why and asks for the captcha again', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ADMIN.userName, 'not-the-password');

  await expect(page.getByRole('alert')).toContainText(xk.errors.codes.invalid_credentials);
  await expectCaptchaUnsolved(page);
  await expect(page.getByRole('button', { name: xk.auth.submit, exact: true })).toBeDisabled();
});

test('a guest who opens an admin page is sent to Home', async ({ page }) => {
  await enterAsGuest(page);

  await page.goto('/admin/surveys');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(xk.common.roles.guest) }).click();
  await expect(page.getByRole('link', { name: xk.common.userMenu.surveys })).toHaveCount(0);
});

test('an address that does not exist says so and offers the way home', async ({ page }) => {
  await enterAsGuest(page);

  await page.goto('/no-such-page');
  await expect(page.getByText(xk.errors.router.notFound.technical)).toBeVisible();
  await page.getByRole('link', { name: xk.errors.router.backHome }).click();
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
});
