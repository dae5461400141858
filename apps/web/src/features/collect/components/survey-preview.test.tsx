import type { CollectSurvey } from '@trashegimia/contract/collect';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import type { Language } from '@/shared/i18n/language';
import { TestProviders } from '@/shared/testing/test-utils';
import { makeCollectSurvey } from '../testing/collect-survey-fixtures';
import { SurveyPreview } from './survey-preview';

/** Every draft, photo and outbox entry goes through this: a preview must never open it. */
const openDeviceStorage = vi.fn();

beforeEach(() => vi.stubGlobal('indexedDB', { open: openDeviceStorage }));
afterEach(() => {
  vi.unstubAllGlobals();
  openDeviceStorage.mockClear();
});

const renderPreview = async (language: Language, survey: CollectSurvey = makeCollectSurvey()) => {
  await i18n.changeLanguage('en');
  const onClose = vi.fn();
  render(
    <TestProviders>
      <SurveyPreview survey={survey} language={language} onClose={onClose} />
    </TestProviders>,
  );
  return { onClose, user: userEvent.setup() };
};

describe('SurveyPreview', () => {
  it('shows the survey in the language it opens in, and its language switch changes it', async () => {
    const survey = makeCollectSurvey();
    survey.questions[0]!.children[0]!.titleSr = 'Naziv dobra';
    const { user } = await renderPreview('sr', survey);

    expect(screen.getByRole('heading', { level: 1, name: 'Anketa nasleđa' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '1.1. Naziv dobra' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the survey' }), 'English');
    expect(screen.getByRole('heading', { level: 1, name: 'Heritage survey' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '1.1. Name of the asset' })).toBeInTheDocument();
  });

  it('holds back an answer /collect would refuse, and keeps nothing on the device to the end', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    const { user, onClose } = await renderPreview('en');

    await user.type(screen.getByRole('textbox', { name: '1.2. Year built' }), '3000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: '1.2. Year built' })).toHaveAccessibleDescription(
      expect.stringContaining('A number from -6500 to 2025.'),
    );
    expect(screen.getByText('Correct the marked answers to go on.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: '1.2. Year built' }));
    await user.type(screen.getByRole('textbox', { name: '1.2. Year built' }), '1900');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 'Not protected' skips the type of protection, as it does in /collect.
    await user.click(await screen.findByRole('radio', { name: 'Not protected' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Documentation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { level: 2, name: 'Location and photos' });
    await user.upload(screen.getByLabelText('Choose photos'), new File(['jpeg'], 'kulla.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo 1: kulla.jpg' })).toHaveAttribute('src', 'blob:photo'),
    );
    await user.click(screen.getByRole('button', { name: 'Save for sending' }));

    expect(onClose).toHaveBeenCalled();
    expect(
      await screen.findByText(
        'Here the collector would save the survey for sending. In the preview nothing was saved or sent.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Draft saved on this device')).not.toBeInTheDocument();
    expect(openDeviceStorage).not.toHaveBeenCalled();
  });
});
