import type { AnswerDetail, AssetDetail, AssetHistoryEntry } from '@trashegimia/contract/assets';
import type { QuestionNode } from '@trashegimia/contract/questions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAssetDetail, makeDataset, signInAs } from '@/shared/testing/data-factories';
import { makeAnswer, makeQuestion, protectionSurvey } from '@/shared/testing/question-fixtures';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AssetEditRoute } from './asset-edit-route';

const ASSET_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const ASSET_PATH = `/api/surveys/assets/${ASSET_ID}`;

const historyEntry: AssetHistoryEntry = {
  id: 1,
  at: '2026-11-20T09:30:00.000Z',
  actorId: 1,
  actorName: 'admin',
  action: 'edit',
  changes: [
    { field: 'comments', questionId: null, questionNr: null, label: null, before: null, after: 'Checked on site' },
    {
      field: 'answer',
      questionId: 12,
      questionNr: '1.2',
      label: 'Type of protection',
      before: 'Temporary',
      after: 'Permanent',
    },
  ],
};

const setup = async ({
  patch,
  extraAnswers = [],
  extraQuestions = [],
}: {
  patch?: (request: { body: unknown }) => Response;
  extraAnswers?: AnswerDetail[];
  /** Top-level questions after the legal chapter. */
  extraQuestions?: QuestionNode[];
} = {}) => {
  signInAs('admin');
  const survey = protectionSurvey();
  const asset: AssetDetail = makeAssetDetail({
    id: ASSET_ID,
    name: 'Kulla e Jashar Pashës',
    status: 'UPLOADED',
    comments: 'Needs a visit',
    version: 3,
    answers: [
      makeAnswer(survey.status, 'Protected'),
      makeAnswer(survey.type, 'Permanent'),
      makeAnswer(survey.note, 'Old roof'),
      ...extraAnswers,
    ],
  });
  const api = createApiMock({
    [`GET ${ASSET_PATH}`]: () => jsonResponse(asset),
    [`PATCH ${ASSET_PATH}`]:
      patch ??
      (({ body }) =>
        jsonResponse({ ...asset, version: 4, comments: (body as { comments?: string }).comments ?? asset.comments })),
    [`GET ${ASSET_PATH}/history`]: () =>
      jsonResponse({ items: [historyEntry], meta: { page: 1, limit: 20, totalItems: 1, totalPages: 1 } }),
    'GET /api/surveys/1/questions': () =>
      jsonResponse({ items: [survey.chapter, ...extraQuestions], questionGroups: [] }),
    'GET /api/datasets': () =>
      jsonResponse({
        items: [makeDataset({ id: 1, name: 'Monumente' }), makeDataset({ id: 2, name: 'Kulla' })],
        meta: { page: 1, limit: 200, totalItems: 2, totalPages: 1 },
      }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes(
    [
      { path: '/admin/surveys/assets/:id', element: <AssetEditRoute /> },
      { path: '/admin/surveys/assets', element: <h1>Survey Assets</h1> },
    ],
    { initialPath: `/admin/surveys/assets/${ASSET_ID}` },
  );
  await screen.findByRole('combobox', { name: '1.1 Protection status' });
  return { ...view, api, user: userEvent.setup() };
};

const optionTexts = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('asset edit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the asset and its answers as a tree by question number', async () => {
    await setup();
    expect(screen.getByText(ASSET_ID)).toBeInTheDocument();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Needs a visit');
    expect(await screen.findByRole('option', { name: 'Kulla' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dataset' })).toHaveValue('1');
    expect(screen.getByTitle('Map of Kulla e Jashar Pashës')).toBeInTheDocument();

    const chapter = screen.getByText('1 Legal status').closest('details')!;
    expect(within(chapter).getByRole('combobox', { name: '1.1 Protection status' })).toHaveValue('Protected');
    expect(within(chapter).getByRole('combobox', { name: '1.2 Type of protection' })).toHaveValue('Permanent');
    expect(within(chapter).getByRole('group', { name: '1.3 Protected features' })).toBeInTheDocument();
    expect(within(chapter).getByRole('textbox', { name: '1.4 Notes' })).toHaveValue('Old roof');
    expect(screen.getByRole('link', { name: /Back to survey assets/ })).toHaveAttribute(
      'href',
      '/admin/surveys/assets',
    );
    expect(screen.getByRole('link', { name: 'Manage media' })).toHaveAttribute(
      'href',
      `/admin/surveys/assets/${ASSET_ID}/media`,
    );
  });

  it('still shows, read-only, answers to questions the survey no longer has', async () => {
    const removed = makeQuestion({ id: 99, questionNr: '7', title: 'Roof material' });
    await setup({ extraAnswers: [makeAnswer(removed, 'Stone slabs')] });
    const section = screen.getByRole('region', { name: 'Answers to questions no longer in the survey' });
    expect(within(section).getByText('7 Roof material')).toBeInTheDocument();
    expect(within(section).getByText('Stone slabs')).toBeInTheDocument();
  });

  it('hides the options a new parent answer does not allow, and discards the edit of the dependent question', async () => {
    const { user } = await setup();
    expect(optionTexts('1.2 Type of protection')).toEqual(['— No answer —', 'Permanent', 'Temporary']);
    await user.selectOptions(screen.getByRole('combobox', { name: '1.2 Type of protection' }), 'Temporary');

    await user.selectOptions(screen.getByRole('combobox', { name: '1.1 Protection status' }), 'Protection pending');
    expect(optionTexts('1.2 Type of protection')).toEqual(['— No answer —', 'Listed']);
    expect(screen.getByRole('combobox', { name: '1.2 Type of protection' })).toHaveValue('');

    await user.selectOptions(screen.getByRole('combobox', { name: '1.1 Protection status' }), 'Protected');
    // The edit to 'Temporary' is gone: the stored answer is back.
    expect(screen.getByRole('combobox', { name: '1.2 Type of protection' })).toHaveValue('Permanent');
    expect(screen.getByText('No changes to save')).toBeInTheDocument();
  });

  it('saves only what changed, with the version it read, and says so', async () => {
    const { user, api } = await setup();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const notes = screen.getByRole('textbox', { name: '1.4 Notes' });
    await user.clear(notes);
    await user.type(notes, 'Roof repaired in 2025');
    await user.click(within(screen.getByRole('group', { name: '1.3 Protected features' })).getByLabelText('Facade'));
    await user.clear(screen.getByRole('textbox', { name: 'Comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Visited');
    await user.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'Saved successfully' });
    expect(api.calls('PATCH', ASSET_PATH).map((request) => request.body)).toEqual([
      {
        version: 3,
        comments: 'Visited',
        answers: [
          { questionId: 14, value: 'Roof repaired in 2025', value2: null },
          { questionId: 13, value: 'Facade', value2: null },
        ],
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.calls('GET', `${ASSET_PATH}/history`).length).toBeGreaterThan(1));
  });

  it("shows the server's message when someone else saved first, keeps the edits and offers a reload", async () => {
    const { user, api } = await setup({
      patch: () =>
        jsonResponse(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'asset_version_conflict',
            message: 'Someone else saved this asset after you opened it.',
          },
          409,
        ),
    });
    await user.type(screen.getByRole('textbox', { name: '1.4 Notes' }), ', and walls');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save failed' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Someone else saved this asset after you opened it.');
    await user.click(within(dialog).getByRole('button', { name: 'Reload the asset' }));

    await waitFor(() => expect(api.calls('GET', ASSET_PATH)).toHaveLength(2));
    expect(screen.getByRole('textbox', { name: '1.4 Notes' })).toHaveValue('Old roof, and walls');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it("shows 'Save failed' with the server's reason when a save is refused", async () => {
    const { user } = await setup({
      patch: () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: '"x" is not an option' }, 400),
    });
    await user.type(screen.getByRole('textbox', { name: '1.4 Notes' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save failed' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('"x" is not an option');
  });

  it('edits a number typed with a comma and a date, shows hints, and names the question a refusal is about', async () => {
    const floors = makeQuestion({
      id: 21,
      questionNr: '2',
      title: 'Floors',
      questionType: 'NUMBER',
      hintEn: 'Above ground',
    });
    const visited = makeQuestion({ id: 22, questionNr: '3', title: 'Last visited', questionType: 'DATE' });
    const { user, api } = await setup({
      extraQuestions: [floors, visited],
      extraAnswers: [makeAnswer(visited, 'last spring')],
      patch: () =>
        jsonResponse(
          {
            statusCode: 400,
            error: 'Bad Request',
            code: 'outside_limits',
            field: 'answers.0.value',
            message: 'Question 2 takes a number from 1 to 2',
          },
          400,
        ),
    });
    const floorsBox = screen.getByRole('textbox', { name: '2 Floors' });
    expect(floorsBox).toHaveAccessibleDescription('Above ground');
    const visitedBox = screen.getByLabelText('3 Last visited');
    expect(visitedBox).toHaveAttribute('type', 'date');
    expect(visitedBox).toHaveAccessibleDescription('The stored answer “last spring” is not a date.');

    await user.type(floorsBox, 'many');
    expect(floorsBox).toBeInvalid();
    expect(screen.getByText('Not a number.')).toBeInTheDocument();
    await user.clear(floorsBox);
    await user.type(floorsBox, '2,5');
    expect(floorsBox).toBeValid();
    await user.type(visitedBox, '2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save failed' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '2 Floors: An answer is outside the limits of its question.',
    );
    expect(api.calls('PATCH', ASSET_PATH).map((request) => request.body)).toEqual([
      {
        version: 3,
        answers: [
          { questionId: 21, value: '2.5', value2: null },
          { questionId: 22, value: '2024-05-01', value2: null },
        ],
      },
    ]);
  });

  it('lists the history: who, and each change from what to what', async () => {
    await setup();
    const history = screen.getByRole('region', { name: 'History' });
    const entry = (await within(history).findByText('admin')).closest('li')!;
    expect(entry).toHaveTextContent('edited the asset');
    expect(within(entry).getByText('Comment: (empty) → “Checked on site”')).toBeInTheDocument();
    expect(within(entry).getByText('1.2 Type of protection: “Temporary” → “Permanent”')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved edits', async () => {
    const { user, router } = await setup();
    await user.type(screen.getByRole('textbox', { name: '1.4 Notes' }), '!');
    await user.click(screen.getByRole('link', { name: /Back to survey assets/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe(`/admin/surveys/assets/${ASSET_ID}`);
    expect(screen.getByRole('textbox', { name: '1.4 Notes' })).toHaveValue('Old roof!');

    await user.click(screen.getByRole('link', { name: /Back to survey assets/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Survey Assets' })).toBeInTheDocument();
  });
});

describe('asset edit loading', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Error loading data' when the asset cannot be loaded", async () => {
    signInAs('admin');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        createApiMock({ [`GET ${ASSET_PATH}`]: () => jsonResponse({ message: 'Database unavailable' }, 500) })
          .fetchMock,
      ),
    );
    await renderRoutes([{ path: '/admin/surveys/assets/:id', element: <AssetEditRoute /> }], {
      initialPath: `/admin/surveys/assets/${ASSET_ID}`,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading data');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
