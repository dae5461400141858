import type { Page } from '@playwright/test';
import { awaitOrSolveCaptcha, solveCaptcha } from './captcha';
import { expect } from './fixtures';
import { xk } from './texts';

/** From the login page: tick the captcha and enter as a guest, landing on Home. */
export async function enterAsGuest(page: Page) {
  await page.goto('/login');
  await solveCaptcha(page);
  await page.getByRole('button', { name: xk.auth.guest.enter }).click();
  await expect(page.getByRole('heading', { level: 1, name: xk.public.home.title })).toBeVisible();
}

/** Fills the login form; typing starts the captcha's proof of work by itself, so the visitor only waits for it. */
export async function logIn(page: Page, userName: string, password: string) {
  await page.getByLabel(xk.auth.userName).fill(userName);
  await page.getByLabel(xk.auth.password).fill(password);
  await awaitOrSolveCaptcha(page);
  await page.getByRole('button', { name: xk.auth.submit, exact: true }).click();
}

/** The session token the page keeps, for calls a journey makes on its own behalf. */
export const sessionToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('access_token'));

/** Forgets the session as if the browser had never held one: its storage and the cookie that mirrors it. */
export async function forgetSession(page: Page) {
  await page.evaluate(() => window.localStorage.clear());
  await page.context().clearCookies({ name: 'session' });
}
