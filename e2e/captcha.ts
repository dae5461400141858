import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const widget = (page: Page) => page.locator('altcha-widget');

/** Ticks the ALTCHA checkbox as a visitor would and waits until the proof of work is accepted. */
export async function solveCaptcha(page: Page) {
  await widget(page).getByRole('checkbox').click();
  await expectCaptchaSolved(page);
}

/**
 * Waits for the proof of work that typing in the form started; when it has not started (focus came
 * before the widget was listening, which a slow machine makes likelier), ticks the box as a visitor would.
 */
export async function awaitOrSolveCaptcha(page: Page) {
  const state = widget(page).locator('[data-state]').first();
  await expect(state)
    .toHaveAttribute('data-state', /verifying|verified/, { timeout: 5_000 })
    .catch(async () => {
      if ((await state.getAttribute('data-state')) === 'unverified') await widget(page).getByRole('checkbox').click();
    });
  await expectCaptchaSolved(page);
}

export async function expectCaptchaSolved(page: Page) {
  await expect(widget(page).locator('[data-state]').first()).toHaveAttribute('data-state', 'verified');
}

export async function expectCaptchaUnsolved(page: Page) {
  await expect(widget(page).locator('[data-state]').first()).not.toHaveAttribute('data-state', 'verified');
  await expect(widget(page).getByRole('checkbox')).not.toBeChecked();
}
