import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const widget = (page: Page) => page.locator('altcha-widget');

/** Ticks the ALTCHA checkbox as a visitor would and waits until the proof of work is accepted. */
export async function solveCaptcha(page: Page) {
  await widget(page).getByRole('checkbox').click();
  await expectCaptchaSolved(page);
}

export async function expectCaptchaSolved(page: Page) {
  await expect(widget(page).locator('[data-state]').first()).toHaveAttribute('data-state', 'verified');
}

export async function expectCaptchaUnsolved(page: Page) {
  await expect(widget(page).locator('[data-state]').first()).not.toHaveAttribute('data-state', 'verified');
  await expect(widget(page).getByRole('checkbox')).not.toBeChecked();
}
