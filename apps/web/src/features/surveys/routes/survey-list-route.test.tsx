import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/shared/testing/data-factories';
import { renderRoutes } from '@/shared/testing/test-utils';
import type { Language } from '@/shared/i18n/language';
import { createFakeSurveyBackend } from '../testing/fake-survey-fetch';
import { SurveyListRoute } from './survey-list-route';

const setup = async ({ language = 'en' as Language, path = '/admin/surveys', surveys = 3 } = {}) => {
  signInAs('admin');
  const backend = createFakeSurveyBackend();
  for (let index = 1; index <= surveys; index++) {
    backend.server.addSurvey({
      descriptionXk: index === 2 ? null : `Anketa ${index}`,
      descriptionEn: index === 1 ? 'Survey one' : null,
      descriptionSr: index === 2 ? 'Anketa dva' : null,
      surveyState: index === 3 ? 0 : 1,
    });
  }
  vi.stubGlobal('fetch', vi.fn(backend.fetchMock));
  const view = await renderRoutes(
    [
      { path: '/admin/surveys', element: <SurveyListRoute /> },
      { path: '/admin/surveys/:id', element: <h1>Editor</h1> },
    ],
    { initialPath: path, language },
  );
  return { ...view, backend, user: userEvent.setup() };
};

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('survey list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each survey by its description in the current language, else another, else its id', async () => {
    await setup({ surveys: 3 });
    await screen.findByRole('table');
    expect(screen.getByRole('rowheader', { name: 'Survey one' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Anketa dva' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Anketa 3' })).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Passive')).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('Active')).toBeInTheDocument();
  });

  it("says 'Nuk u gjetën anketa' when there is none", async () => {
    await setup({ language: 'xk', surveys: 0 });
    expect(await screen.findByText('Nuk u gjetën anketa')).toBeInTheDocument();
  });

  it("pages 10 at a time with Prev/Next and 'Page x / total'", async () => {
    const { user, backend } = await setup({ surveys: 23 });
    await screen.findByText('Page 1 / 3');
    expect(rows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    await screen.findByText('Page 3 / 3');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const asked = backend.calls('GET', '/api/surveys').map((request) => request.url.search);
    expect(asked).toEqual(['?page=1&limit=10', '?page=2&limit=10', '?page=3&limit=10']);
  });

  it('searches by description', async () => {
    const { user, backend } = await setup({ surveys: 3 });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dva{Enter}');

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(backend.calls('GET', '/api/surveys').at(-1)?.url.searchParams.get('q')).toBe('dva');
  });

  it('deletes a survey only after confirmation', async () => {
    const { user, backend } = await setup({ surveys: 2 });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete Survey one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete survey?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.calls('DELETE', /^\/api\/surveys\/\d+$/)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Survey one' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Survey one' })).not.toBeInTheDocument());
    expect(backend.calls('DELETE', /^\/api\/surveys\/\d+$/)).toHaveLength(1);
    expect(await screen.findByText('Survey deleted')).toBeInTheDocument();
  });

  it('keeps the survey and says why when the server refuses to delete it', async () => {
    const { user, backend } = await setup({ surveys: 1 });
    await screen.findByRole('table');
    const [survey] = backend.server.listSurveys();
    backend.failNext('DELETE', `/api/surveys/${survey!.id}`, 409, 'This survey has assets, so it cannot be deleted.');

    await user.click(screen.getByRole('button', { name: 'Delete Survey one' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This survey has assets, so it cannot be deleted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('rowheader', { name: 'Survey one' })).toBeInTheDocument();
    expect(backend.server.listSurveys()).toHaveLength(1);
  });

  it('views a survey in all three languages, and links to its editor', async () => {
    const { user } = await setup({ surveys: 1 });
    await user.click(await screen.findByRole('button', { name: 'View Survey one' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Anketa 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Survey one')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/surveys\/\d+$/),
    );
  });

  it("says 'Failed to load' with the reason, and tries again", async () => {
    const { user, backend } = await setup({ surveys: 1 });
    await screen.findByRole('table');
    backend.failNext('GET', '/api/surveys', 500, 'Database unavailable');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'x{Enter}');

    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Failed to load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No surveys found')).toBeInTheDocument();
  });
});
