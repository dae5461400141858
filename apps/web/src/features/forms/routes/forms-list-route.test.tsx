import type { Survey } from '@trashegimia/contract/surveys';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';
import { createApiMock, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { FormsListRoute } from './forms-list-route';

const makeForm = (id: number, overrides: Partial<Survey> = {}): Survey => ({
  id,
  surveyState: 1,
  defaultDatasetId: null,
  insBy: 'admin',
  insDate: '2026-03-01T10:00:00.000Z',
  ludBy: 'admin',
  lud: '2026-03-02T10:00:00.000Z',
  description: null,
  descriptionXk: null,
  descriptionEn: null,
  descriptionSr: null,
  longDescription: null,
  longDescriptionXk: null,
  longDescriptionEn: null,
  longDescriptionSr: null,
  ...overrides,
});

const setup = async ({ forms, language = 'en' }: { forms: Survey[]; language?: Language }) => {
  signInAs('admin');
  const api = createApiMock({
    'GET /api/surveys': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse({
        items: forms.slice((page - 1) * limit, page * limit),
        meta: { page, limit, totalItems: forms.length, totalPages: Math.ceil(forms.length / limit) },
      });
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  await renderRoutes([{ path: '/admin/formularet/lista-formulareve', element: <FormsListRoute /> }], {
    initialPath: '/admin/formularet/lista-formulareve',
    language,
  });
  return { api, user: userEvent.setup() };
};

describe('forms list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the forms with their state and last change, each opening in the survey editor', async () => {
    await setup({
      forms: [
        makeForm(7, { descriptionEn: 'Monument survey', descriptionXk: 'Anketa e monumenteve' }),
        makeForm(3, { surveyState: 0 }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Forms' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Monument survey');
    expect(within(first!).getByText('Active')).toBeInTheDocument();
    expect(within(first!).getByText(formatDate('2026-03-02T10:00:00.000Z', 'en'))).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Open Monument survey' })).toHaveAttribute(
      'href',
      '/admin/surveys/7',
    );
    // Without a description in any language a form is named by its number.
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('Form 3');
    expect(within(second!).getByText('Passive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New form' })).toHaveAttribute('href', '/admin/surveys/new');
  });

  it("says 'Nuk u gjetën formularë' when there is no form, instead of a bare heading", async () => {
    await setup({ forms: [], language: 'xk' });
    expect(await screen.findByText('Nuk u gjetën formularë')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through the forms 10 at a time', async () => {
    const { api, user } = await setup({
      forms: Array.from({ length: 12 }, (_, index) => makeForm(index + 1, { descriptionEn: `Form ${index + 1}` })),
    });
    const table = await screen.findByRole('table', { name: 'Forms' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(api.calls('GET', '/api/surveys')[0]?.url.searchParams.get('limit')).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'Form 12' })).toBeInTheDocument();
  });
});
