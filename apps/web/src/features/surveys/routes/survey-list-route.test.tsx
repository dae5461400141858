import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { XlsFormPreview, XlsFormQuestion } from '@trashegimia/contract/xlsform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import type { Language } from '@/shared/i18n/language';
import { createFakeSurveyBackend } from '../testing/fake-survey-fetch';
import { makeFormQuestion } from '../testing/xlsform-fixtures';
import { SurveyListRoute } from './survey-list-route';

/** Answers XLSForm calls itself; everything else goes to the fake survey backend. */
type XlsFormServer = (request: { url: URL; init: RequestInit }) => Response | Promise<Response>;

const setup = async ({
  language = 'en' as Language,
  path = '/admin/surveys',
  surveys = 3,
  xlsform,
}: { language?: Language; path?: string; surveys?: number; xlsform?: XlsFormServer } = {}) => {
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
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    return xlsform && /xlsform$/.test(url.pathname) ? xlsform({ url, init }) : backend.fetchMock(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const view = await renderRoutes(
    [
      { path: '/admin/surveys', element: <SurveyListRoute /> },
      { path: '/admin/surveys/:id', element: <h1>Editor</h1> },
    ],
    { initialPath: path, language },
  );
  return { ...view, backend, fetchMock, user: userEvent.setup({ applyAccept: false }) };
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

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const formQuestion = (questionNr: string, title: string, fields: Partial<XlsFormQuestion> = {}) =>
  makeFormQuestion(questionNr, { titleXk: title, ...fields });

const option = (value: string) => ({
  value,
  descriptionXk: value,
  descriptionEn: null,
  descriptionSr: null,
  disclaimerXk: null,
  disclaimerEn: null,
  disclaimerSr: null,
  isAnother: false,
  validateType: null,
  toQuestionNr: null,
  conditionalParentQuestionNr: null,
  conditionalParentQuestionValue: null,
});

const PREVIEW: XlsFormPreview = {
  survey: {
    descriptionXk: 'Monumentet',
    descriptionEn: 'Monuments',
    descriptionSr: null,
    questions: [
      formQuestion('1', 'Identifikimi', {
        questionCategory: 'CHAPTER',
        questionType: null,
        children: [
          formQuestion('1.1', 'Emri', { required: true }),
          formQuestion('1.2', 'Katet', { questionType: 'NUMBER', limMin: '1', limMax: '12' }),
          formQuestion('1.3', 'Lloji', { questionType: 'SINGLE_CHOICE', options: [option('Kullë'), option('Urë')] }),
        ],
      }),
    ],
  },
  warnings: [{ sheet: 'survey', row: 5, column: 'type', message: 'geopoint is not made' }],
};

const workbook = (name = 'monumentet.xlsx') => new File(['PK'], name, { type: XLSX_TYPE });

const refuse = (code: string, message: string, extra: object = {}) =>
  jsonResponse({ statusCode: 400, error: 'Bad Request', code, message, ...extra }, 400);

describe('XLSForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what a form would make before anything is saved, then creates the survey and opens it', async () => {
    const { user, fetchMock, router } = await setup({
      surveys: 1,
      xlsform: ({ url }) =>
        url.searchParams.get('dryRun') === 'true'
          ? jsonResponse(PREVIEW)
          : jsonResponse({ id: 77, warnings: PREVIEW.warnings }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Import XLSForm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import XLSForm' });
    const create = within(dialog).getByRole('button', { name: 'Create survey' });
    expect(create).toBeDisabled();

    const file = workbook();
    await user.upload(within(dialog).getByLabelText('XLSForm file (.xlsx)'), file);

    expect(await within(dialog).findByText('Survey: Monuments')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('xlsform'))!;
    expect(String(url)).toBe('/api/surveys/xlsform?dryRun=true');
    expect(init).toMatchObject({ method: 'POST', body: file });
    expect(new Headers(init!.headers).get('Content-Type')).toBe(XLSX_TYPE);
    expect(within(dialog).getByRole('status')).toHaveTextContent('The form was read. Warnings: 1.');

    const tree = within(dialog).getByRole('list', { name: 'Questions of the form' });
    const lines = within(tree).getAllByRole('listitem');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toHaveTextContent(/^1 Identifikimi — Chapter/);
    expect(lines[1]).toHaveTextContent('1.1 Emri — Text · required');
    expect(lines[2]).toHaveTextContent('1.2 Katet — Number');
    expect(lines[3]).toHaveTextContent('1.3 Lloji — Single choice · options: 2');
    const warnings = within(dialog).getByRole('table', { name: 'What of the form would not be made, or not exactly' });
    expect(within(warnings).getAllByRole('row')[1]).toHaveTextContent('survey5typegeopoint is not made');

    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/surveys/77'));
    expect(await screen.findByText('Survey created from the XLSForm. Warnings: 1.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((input) => input.includes('xlsform'))).toEqual([
      '/api/surveys/xlsform?dryRun=true',
      '/api/surveys/xlsform?dryRun=false',
    ]);
  });

  it('shows why nothing in a form can be made into a survey, and offers nothing to create', async () => {
    const { user } = await setup({
      surveys: 1,
      xlsform: () =>
        refuse('xlsform_unusable', 'Nothing in the form can be made into a survey', {
          warnings: [{ sheet: 'survey', row: 2, column: 'type', message: 'calculate is not made' }],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Import XLSForm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import XLSForm' });
    await user.upload(within(dialog).getByLabelText('XLSForm file (.xlsx)'), workbook());

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nothing in this form can be made into a survey. The warnings below say why.',
    );
    expect(within(dialog).getByRole('cell', { name: 'calculate is not made' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create survey' })).toBeDisabled();
  });

  it("sends only a workbook, and words a refused file as the bulk import does, in the visitor's language", async () => {
    const { user, fetchMock } = await setup({
      surveys: 1,
      language: 'xk',
      xlsform: () => refuse('encrypted_file', 'The workbook is encrypted'),
    });
    await user.click(await screen.findByRole('button', { name: 'Importo XLSForm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importo XLSForm' });
    const input = within(dialog).getByLabelText('Skedari XLSForm (.xlsx)');

    await user.upload(input, new File(['a;b'], 'form.csv', { type: 'text/csv' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Mund të importohen vetëm libra pune XLSForm (.xlsx).');
    expect(fetchMock.mock.calls.some(([request]) => String(request).includes('xlsform'))).toBe(false);

    await user.upload(input, workbook());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Libri i punës është i mbrojtur me fjalëkalim dhe nuk mund të lexohet.',
    );
  });

  it('downloads a survey as an XLSForm with the session token', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:xlsform');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, fetchMock } = await setup({
      surveys: 1,
      xlsform: () =>
        new Response('PK', {
          headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': 'attachment; filename="monumentet.xlsx"' },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download XLSForm of Survey one' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/xlsform'))!;
    expect(String(url)).toMatch(/^\/api\/surveys\/\d+\/xlsform$/);
    expect(new Headers(init!.headers).get('Authorization')).toBe('Bearer admin-token');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('monumentet.xlsx');
  });
});

describe('Duplicate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the original's names marked as a copy in each language, then makes the copy and opens its editor", async () => {
    const { user, backend, router } = await setup({ surveys: 1 });
    const [original] = backend.server.listSurveys();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Survey one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate survey' });

    expect(within(dialog).getByLabelText('Short description (XK)')).toHaveValue('Anketa 1 (kopje)');
    expect(within(dialog).getByLabelText('Short description (EN)')).toHaveValue('Survey one (copy)');
    // No Serbian name to copy: the copy gets none rather than a bare "(kopija)".
    expect(within(dialog).getByLabelText('Short description (SR)')).toHaveValue('');
    const english = within(dialog).getByLabelText('Short description (EN)');
    await user.clear(english);
    await user.type(english, 'Survey one, 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/surveys'));
    const [request] = backend.calls('POST', `/api/surveys/${original!.id}/duplicate`);
    expect(request?.body).toEqual({
      descriptionXk: 'Anketa 1 (kopje)',
      descriptionEn: 'Survey one, 2027',
      descriptionSr: null,
    });
    const copy = backend.server.listSurveys().find((survey) => survey.id !== original!.id);
    expect(router.state.location.pathname).toBe(`/admin/surveys/${copy!.id}`);
    expect(await screen.findByText('Survey duplicated. You are now editing the copy.')).toBeInTheDocument();
    expect(copy).toMatchObject({ surveyState: 0, descriptionEn: 'Survey one, 2027' });
  });

  it("is done from the keyboard, and says in the visitor's language why the server refused", async () => {
    const { user, fetchMock, router } = await setup({ language: 'xk', surveys: 1 });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith('/duplicate')
        ? jsonResponse(
            { statusCode: 404, error: 'Not Found', code: 'survey_not_found', message: 'Survey not found' },
            404,
          )
        : answer(input, init),
    );
    (await screen.findByRole('button', { name: 'Dupliko Anketa 1' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Dupliko anketën' });
    await user.click(within(dialog).getByLabelText('Përshkrimi i shkurtër (XK)'));
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Kjo anketë nuk ekziston më; mund ta ketë fshirë dikush.',
    );
    expect(router.state.location.pathname).toBe('/admin/surveys');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dupliko Anketa 1' })).toHaveFocus();
  });
});
