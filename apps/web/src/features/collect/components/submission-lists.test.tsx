import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { createTestQueryClient, TestProviders } from '@/shared/testing/test-utils';
import { getDeviceSurveysQueryOptions } from '../api/get-collect-surveys';
import { makeCollectSurvey } from '../testing/collect-survey-fixtures';
import { makeSubmission } from '../testing/submission-fixtures';
import { OutboxList } from './submission-lists';

/** The outbox of account 1, whose surveys on the device name the asset by question 1.1 (id 11). */
const renderOutbox = (items: Parameters<typeof OutboxList>[0]['items']) => {
  const survey = makeCollectSurvey();
  survey.questions[0]!.children[0]!.questionIdentifier = 'ASSET_NAME';
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getDeviceSurveysQueryOptions('1').queryKey, {
    userId: '1',
    items: [survey],
    downloadedAt: '2026-05-06T08:00:00.000Z',
    offline: false,
  });
  render(
    <TestProviders queryClient={queryClient}>
      <OutboxList items={items} onRetry={vi.fn()} onDelete={vi.fn()} />
    </TestProviders>,
  );
};

const withName = (id: string, name: string | null, overrides: Parameters<typeof makeSubmission>[0] = {}) => {
  const body = makeSubmission().body!;
  return makeSubmission({
    id,
    body: { ...body, answers: name === null ? [] : [{ questionId: 11, value: name, value2: null }] },
    ...overrides,
  });
};

describe('the outbox', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('names each submission by the name the collector gave its asset, with its survey and time under it', () => {
    renderOutbox([withName('a', 'Kulla e Jasharëve', { state: 'sent' })]);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Kulla e Jasharëve')).toBeInTheDocument();
    expect(item).toHaveTextContent(/Heritage survey · May 6, 2026, \d{2}:\d{2}/);
    expect(within(item).getByRole('button', { name: 'Remove Kulla e Jasharëve from this device' })).toBeInTheDocument();
  });

  it('names a submission without an asset name by its survey and time, so two of one survey differ', () => {
    renderOutbox([
      withName('a', null, {
        state: 'failed',
        body: { ...makeSubmission().body!, answers: [], date: '2026-05-06T10:00:00.000Z' },
      }),
      withName('b', null, {
        state: 'failed',
        body: { ...makeSubmission().body!, answers: [], date: '2026-05-07T10:00:00.000Z' },
      }),
    ]);
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Heritage survey')).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: /^Try sending Heritage survey, May 6, 2026/ }),
    ).toBeInTheDocument();
    expect(
      within(second!).getByRole('button', { name: /^Try sending Heritage survey, May 7, 2026/ }),
    ).toBeInTheDocument();
  });
});
