import type { Import, ImportMapping, ImportPreview } from '@trashegimia/contract/imports';
import type { Survey } from '@trashegimia/contract/surveys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDataset, signInAs } from '@/shared/testing/data-factories';
import { makeChapter, makeQuestion } from '@/shared/testing/question-fixtures';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { ImportsRoute } from './imports-route';

const SURVEY: Survey = {
  id: 3,
  surveyState: 1,
  defaultDatasetId: 2,
  insBy: 'admin',
  insDate: '2026-01-01T00:00:00.000Z',
  ludBy: 'admin',
  lud: '2026-01-01T00:00:00.000Z',
  description: 'Heritage register',
  descriptionXk: 'Regjistri i trashëgimisë',
  descriptionEn: 'Heritage register',
  descriptionSr: 'Registar nasleđa',
  longDescription: null,
  longDescriptionXk: null,
  longDescriptionEn: null,
  longDescriptionSr: null,
};

const NAME_QUESTION = makeQuestion({
  id: 11,
  questionNr: '1.1',
  title: 'Name of the asset',
  questionIdentifier: 'ASSET_NAME',
});
const TYPE_QUESTION = makeQuestion({ id: 12, questionNr: '1.2', title: 'Type of asset' }, [
  { value: 'Kullë' },
  { value: 'Xhami' },
]);
const QUESTIONS = [makeChapter(10, '1', 'Identification', [NAME_QUESTION, TYPE_QUESTION])];

const HEADERS = ['Emri i asetit', 'Lloji', 'Latitude', 'Longitude', 'Shënime'];
const SUGGESTED: ImportMapping = {
  0: { questionId: NAME_QUESTION.id },
  1: { questionId: TYPE_QUESTION.id },
  2: { field: 'latitude' },
  3: { field: 'longitude' },
};

const created = (fields: Partial<Import> = {}): Import => ({
  id: '5b0f0c3e-1c1d-4f7a-9d55-2f3c1f0a8b01',
  fileName: 'register.csv',
  surveyId: SURVEY.id,
  datasetId: 2,
  headers: HEADERS,
  sampleRows: [
    ['Kulla e Mazrekut', 'Kullë', '42.21', '20.74', ''],
    ['Ura e Gurit', 'Urë', '42.2', '20.7', 'e vjetër'],
  ],
  rowCount: 2,
  suggestedMapping: SUGGESTED,
  state: 'ready',
  processedRows: 0,
  importedAssets: 0,
  error: null,
  ...fields,
});

/** The type column holds 'Urë', which the survey does not offer: row 3 has a problem while it is imported. */
const previewOf = (mapping: ImportMapping): ImportPreview => {
  const typeImported = Object.values(mapping).some(
    (target) => 'questionId' in target && target.questionId === TYPE_QUESTION.id,
  );
  return typeImported
    ? {
        rowCount: 2,
        validRows: 1,
        problemCount: 1,
        problems: [
          { row: 3, column: 'Lloji', code: 'unknown_option', message: '"Urë" is not an option of question 1.2' },
        ],
        mappingProblems: [],
      }
    : { rowCount: 2, validRows: 2, problemCount: 0, problems: [], mappingProblems: [] };
};

/** The imports API as the server answers it; a run reports half the rows, then all of them. */
const createImportBackend = ({ refuseUpload }: { refuseUpload?: Response } = {}) => {
  const progress = [
    created({ state: 'running', processedRows: 1 }),
    created({ state: 'imported', processedRows: 2, importedAssets: 2 }),
  ];
  const importPath = `/api/imports/${created().id}`;
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const mapping = () => (JSON.parse(String(init?.body)) as { mapping: ImportMapping }).mapping;
    switch (route) {
      case 'GET /api/surveys':
        return jsonResponse({ items: [SURVEY], meta: { page: 1, limit: 200, totalItems: 1, totalPages: 1 } });
      case 'GET /api/datasets':
        return jsonResponse({
          items: [makeDataset({ id: 1, name: 'Monumente' }), makeDataset({ id: 2, name: 'Kullat' })],
          meta: { page: 1, limit: 200, totalItems: 2, totalPages: 1 },
        });
      case `GET /api/surveys/${SURVEY.id}/questions`:
        return jsonResponse({ items: QUESTIONS, questionGroups: [] });
      case 'POST /api/imports':
        return refuseUpload ?? jsonResponse(created(), 201);
      case `POST ${importPath}/preview`:
        return jsonResponse(previewOf(mapping()));
      case `POST ${importPath}/run`:
        return jsonResponse(created({ state: 'running' }), 202);
      case `GET ${importPath}`:
        return jsonResponse(progress.length > 1 ? progress.shift() : progress[0]);
      default:
        return new Response('', { status: 404 });
    }
  };
};

const setup = async (options: Parameters<typeof createImportBackend>[0] = {}) => {
  signInAs('admin');
  const fetchSpy = vi.fn(createImportBackend(options));
  vi.stubGlobal('fetch', fetchSpy);
  await renderRoutes([{ path: '/admin/imports', element: <ImportsRoute /> }], { initialPath: '/admin/imports' });
  const callsTo = (method: string, pathname: string) =>
    fetchSpy.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === pathname,
    );
  return { callsTo, user: userEvent.setup({ applyAccept: false }) };
};

const csvFile = () => new File(['Emri i asetit;Lloji\nKulla e Mazrekut;Kullë\n'], 'register.csv', { type: 'text/csv' });

/** Chooses the survey (its default dataset follows) and the file, and uploads it. */
const upload = async (user: ReturnType<typeof userEvent.setup>, file = csvFile()) => {
  await screen.findByRole('option', { name: 'Heritage register' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Survey' }), 'Heritage register');
  await screen.findByRole('option', { name: 'Kullat' });
  expect(screen.getByRole('combobox', { name: 'Dataset' })).toHaveDisplayValue('Kullat');
  await user.upload(screen.getByLabelText('File (XLSX or CSV)'), file);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  return file;
};

describe('bulk import', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the file as it is, with its content type, for the chosen survey and dataset', async () => {
    const { user, callsTo } = await setup();
    const file = await upload(user);
    await screen.findByText('register.csv · rows: 2');

    const [[input, init]] = callsTo('POST', '/api/imports') as [[string, RequestInit]];
    const query = new URL(input, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ surveyId: '3', datasetId: '2', fileName: 'register.csv' });
    expect(init.body).toBe(file);
    expect(new Headers(init.headers).get('Content-Type')).toBe('text/csv');
  });

  it('maps the columns as the server suggests, showing a few values of each', async () => {
    const { user } = await setup();
    await upload(user);

    const nameColumn = await screen.findByRole('combobox', { name: 'Imported as: Emri i asetit' });
    expect(nameColumn).toHaveDisplayValue('1.1 Name of the asset');
    expect(screen.getByRole('combobox', { name: 'Imported as: Lloji' })).toHaveDisplayValue('1.2 Type of asset');
    expect(screen.getByRole('combobox', { name: 'Imported as: Latitude' })).toHaveDisplayValue('Latitude');
    expect(screen.getByRole('combobox', { name: 'Imported as: Shënime' })).toHaveDisplayValue('— not imported —');
    const row = screen.getByRole('rowheader', { name: 'Lloji' }).closest('tr')!;
    expect(within(row).getByText('Kullë')).toBeInTheDocument();
    expect(within(row).getByText('Urë')).toBeInTheDocument();
    // A question another column already fills cannot be chosen twice.
    expect(within(row).getByRole('option', { name: '1.1 Name of the asset' })).toBeDisabled();
  });

  it("lists each row's problems and keeps Import disabled until none is left", async () => {
    const { user, callsTo } = await setup();
    await upload(user);
    await screen.findByRole('combobox', { name: 'Imported as: Lloji' });
    const importButton = screen.getByRole('button', { name: 'Import 2 rows' });
    expect(importButton).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Check rows' }));
    const problems = await screen.findByRole('table', { name: 'Problems by row' });
    const problem = within(problems).getByRole('rowheader', { name: '3' }).closest('tr')!;
    expect(within(problem).getByText('Lloji')).toBeInTheDocument();
    expect(within(problem).getByText('Unknown option')).toBeInTheDocument();
    expect(within(problem).getByText('"Urë" is not an option of question 1.2')).toBeInTheDocument();
    expect(screen.getByText('Valid rows').nextSibling).toHaveTextContent('1');
    expect(importButton).toBeDisabled();
    expect(screen.getByText(/Fix every problem first/)).toBeInTheDocument();
    expect(JSON.parse(String(callsTo('POST', `/api/imports/${created().id}/preview`)[0]![1]!.body))).toEqual({
      mapping: SUGGESTED,
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Imported as: Lloji' }), '— not imported —');
    expect(screen.queryByRole('table', { name: 'Problems by row' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check rows' }));
    expect(await screen.findByText('Every row can be imported.')).toBeInTheDocument();
    expect(importButton).toBeEnabled();
  });

  it('imports after confirmation, shows the progress, then links to the imported assets', async () => {
    const { user, callsTo } = await setup();
    await upload(user);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Imported as: Lloji' }), '— not imported —');
    await user.click(screen.getByRole('button', { name: 'Check rows' }));
    await screen.findByText('Every row can be imported.');

    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import the file?' });
    expect(dialog).toHaveTextContent('2 assets will be created in the dataset Kullat with the status Uploaded.');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '1 of 2 rows'));
    expect(await screen.findByText('2 assets imported from register.csv.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the imported assets' })).toHaveAttribute(
      'href',
      '/admin/surveys/assets?status=UPLOADED&datasetId=2',
    );
    const { 0: name, 2: latitude, 3: longitude } = SUGGESTED;
    expect(JSON.parse(String(callsTo('POST', `/api/imports/${created().id}/run`)[0]![1]!.body))).toEqual({
      mapping: { 0: name, 2: latitude, 3: longitude },
    });
    expect(callsTo('GET', `/api/imports/${created().id}`).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file that is not a spreadsheet without sending it', async () => {
    const { user, callsTo } = await setup();
    await upload(user, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only .xlsx and .csv files can be imported.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(callsTo('POST', '/api/imports')).toHaveLength(0);
  });

  it('says plainly when the server finds the file too large', async () => {
    const { user } = await setup({
      refuseUpload: jsonResponse({ code: 'payload_too_large', message: 'The request is too large' }, 413),
    });
    await upload(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server refused the file because it is too large. Split it into smaller files and upload them one at a time.',
    );
  });

  it('says in the page’s words why the server could not read the file', async () => {
    const { user } = await setup({
      refuseUpload: jsonResponse(
        { code: 'too_many_columns', message: 'The file has values beyond column 1,000', field: 'file' },
        400,
      ),
    });
    await upload(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file has values beyond column 1,000. At most 1,000 columns can be imported.',
    );
  });
});
