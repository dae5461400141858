import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as i18nModule from '@/shared/i18n/i18n';
import { i18n } from '@/shared/i18n/i18n';
import { TestProviders } from '@/shared/testing/test-utils';
import { LanguageSwitcher } from './language-switcher';

const { changeLanguage } = vi.hoisted(() => ({ changeLanguage: vi.fn() }));
vi.mock('@/shared/i18n/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof i18nModule>()),
  changeLanguage,
}));

describe('LanguageSwitcher', () => {
  beforeEach(async () => {
    changeLanguage.mockReset();
    await i18n.changeLanguage('en');
  });

  it('switches to the language pressed', async () => {
    changeLanguage.mockResolvedValue(undefined);
    render(<LanguageSwitcher />, { wrapper: TestProviders });
    await userEvent.click(screen.getByRole('button', { name: /SR/ }));
    expect(changeLanguage).toHaveBeenCalledWith('sr');
  });

  it('says so when a language cannot be loaded (offline, never downloaded) instead of doing nothing', async () => {
    changeLanguage.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    render(<LanguageSwitcher />, { wrapper: TestProviders });
    await userEvent.click(screen.getByRole('button', { name: /SR/ }));
    expect(await screen.findByText('Srpski could not be loaded. Try again when you are online.')).toBeVisible();
    expect(screen.getByRole('button', { name: /EN/ })).toHaveAttribute('aria-pressed', 'true');
  });
});
