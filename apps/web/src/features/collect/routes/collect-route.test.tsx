import 'fake-indexeddb/auto';
import type { CollectSurvey, SubmissionBody } from '@trashegimia/contract/collect';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, signInAs } from '@/shared/testing/data-factories';
import { makeChapter, makeQuestion } from '@/shared/testing/question-fixtures';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { makeCollectSurvey } from '../testing/collect-survey-fixtures';
import { CollectRoute } from './collect-route';

const ASSET_ID = '0b9f4a9e-1c7a-4a51-8d1e-2f3a4b5c6d7e';
const routes = [{ path: '/collect', element: <CollectRoute /> }];

/** Each test is its own account, so the device storage one test leaves does not show in another. */
let accounts = 0;
const signInAsCollector = () => {
  signInAs('user');
  localStorage.setItem('user_id', `collector-${++accounts}`);
};

const serve = ({
  offline = false,
  survey = makeCollectSurvey(),
  refusal,
}: { offline?: boolean; survey?: CollectSurvey; refusal?: { code: string; message: string } } = {}) => {
  const sent: SubmissionBody[] = [];
  const api = createApiMock({
    'GET /api/collect/surveys': () => jsonResponse({ items: [survey] }),
    'POST /api/collect/submissions': ({ body }) => {
      if (refusal) return jsonResponse({ statusCode: 400, error: 'Bad Request', ...refusal }, 400);
      sent.push(body as SubmissionBody);
      const { uniqueId, date } = body as SubmissionBody;
      return jsonResponse({ id: ASSET_ID, uniqueId, surveyId: 1, datasetId: 1, status: 'UPLOADED', date }, 201);
    },
  });
  let connected = !offline;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!connected) throw new TypeError('Failed to fetch');
    return api.fetchMock(input, init);
  });
  return { sent, goOnline: () => (connected = true) };
};

const startSurvey = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.selectOptions(await screen.findByLabelText('Survey'), 'Heritage survey');
  await user.click(screen.getByRole('button', { name: 'Start' }));
  await screen.findByRole('heading', { name: 'Identification' });
};

afterEach(() => vi.unstubAllGlobals());

describe('CollectRoute', () => {
  it('walks a survey screen by screen, holding back a number outside its limits, and sends it', async () => {
    signInAsCollector();
    const { sent } = serve();
    const user = userEvent.setup();
    await renderRoutes(routes, { initialPath: '/collect' });
    await startSurvey(user);

    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('1.1. Name of the asset'), 'Kulla e Jasharëve');
    await user.type(screen.getByLabelText('1.2. Year built'), '3000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('A number from -6500 to 2025.', { selector: '.text-red-700' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('1.2. Year built'));
    await user.type(screen.getByLabelText('1.2. Year built'), '1450');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('radio', { name: 'Protected' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Only the kind of protection that goes with 'Protected' is offered.
    const kinds = screen.getByRole('group', { name: '2.2. Type of protection' });
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Permanent']);
    await user.click(within(kinds).getByRole('radio', { name: 'Permanent' }));
    expect(screen.getByRole('note')).toHaveTextContent('Attach the decision');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.selectOptions(screen.getByLabelText('3.1. Source'), 'Archive');
    await user.type(screen.getByLabelText('Details'), 'file 7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Location and photos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save for sending' }));

    await screen.findByText('Sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.answers).toEqual([
      { questionId: 11, value: 'Kulla e Jasharëve', value2: null },
      { questionId: 12, value: '1450', value2: null },
      { questionId: 21, value: 'Protected', value2: null },
      { questionId: 22, value: 'Permanent', value2: null },
      { questionId: 31, value: 'Archive', value2: 'file 7' },
    ]);
  });

  it('skips the questions skip logic leaves out, and keeps a finished survey waiting until the connection returns', async () => {
    signInAsCollector();
    const connection = serve();
    const user = userEvent.setup();
    await renderRoutes(routes, { initialPath: '/collect' });
    await startSurvey(user);
    await user.type(screen.getByLabelText('1.1. Name of the asset'), 'Ura e Fshatit');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'Not protected' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('3.1. Source')).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Save for sending' }));
    expect(await screen.findByText('Waiting to be sent')).toBeInTheDocument();

    vi.unstubAllGlobals();
    const { sent } = serve();
    connection.goOnline();
    window.dispatchEvent(new Event('online'));
    await screen.findByText('Sent');
    expect(sent[0]!.answers.map((answer) => answer.questionId)).toEqual([11, 21]);
  });

  it('holds back an empty required question and a number that is not one, and sends numbers with a dot', async () => {
    signInAsCollector();
    const { sent } = serve({ survey: recordSurvey() });
    const user = userEvent.setup();
    await renderRoutes(routes, { initialPath: '/collect' });
    await startSurvey(user);

    const name = screen.getByRole('textbox', { name: '1.1. Name of the asset' });
    expect(name).toBeRequired();
    expect(name).toHaveAccessibleDescription('As written on the sign');
    const floors = screen.getByRole('textbox', { name: '1.2. Floors' });
    expect(floors).toHaveAttribute('inputmode', 'decimal');
    expect(floors).not.toBeRequired();
    await user.type(floors, 'many');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Answer this question.')).toBeInTheDocument();
    expect(name).toBeInvalid();
    expect(floors).toHaveAccessibleDescription(/A number from 1 to 12\./);
    expect(screen.getByRole('alert')).toHaveTextContent('Correct the marked answers to go on.');
    await user.type(name, 'Kulla e Jasharëve');
    await user.clear(floors);
    await user.type(floors, '2,5');
    await user.type(screen.getByLabelText('1.3. Last visited'), '2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Location and photos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save for sending' }));
    await screen.findByText('Sent');
    expect(sent[0]!.answers).toEqual([
      { questionId: 11, value: 'Kulla e Jasharëve', value2: null },
      { questionId: 12, value: '2.5', value2: null },
      { questionId: 13, value: '2024-05-01', value2: null },
    ]);
  });

  it("says in the visitor's language why the server refused a submission", async () => {
    signInAsCollector();
    serve({ refusal: { code: 'required_question', message: 'Question 1.1 must be answered' } });
    const user = userEvent.setup();
    await renderRoutes(routes, { initialPath: '/collect', language: 'sr' });
    await user.selectOptions(await screen.findByLabelText('Anketa'), 'Anketa nasleđa');
    await user.click(screen.getByRole('button', { name: 'Započni' }));
    await user.type(await screen.findByLabelText('1.1. Name of the asset'), 'Kulla');
    await user.type(screen.getByLabelText('1.2. Year built'), '1450');
    await user.click(screen.getByRole('button', { name: 'Dalje' }));
    await user.click(await screen.findByRole('radio', { name: 'Not protected' }));
    await user.click(screen.getByRole('button', { name: 'Dalje' }));
    await user.click(await screen.findByRole('button', { name: 'Dalje' }));
    await user.click(screen.getByRole('button', { name: 'Sačuvaj za slanje' }));

    expect(await screen.findByText('Neuspešno: Pitanje na koje se mora odgovoriti nema odgovor.')).toBeInTheDocument();
  });

  it('keeps a draft on the device: closed and opened again, the answers are there', async () => {
    signInAsCollector();
    serve();
    const user = userEvent.setup();
    const first = await renderRoutes(routes, { initialPath: '/collect' });
    await startSurvey(user);
    await user.type(screen.getByLabelText('1.1. Name of the asset'), 'Hamami i Vjetër');
    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    await screen.findByRole('heading', { name: 'Drafts' });
    first.unmount();

    await renderRoutes(routes, { initialPath: '/collect' });
    await user.click(await screen.findByRole('link', { name: 'Continue Heritage survey' }));
    expect(await screen.findByLabelText('1.1. Name of the asset')).toHaveValue('Hamami i Vjetër');
  });

  it('uses the surveys downloaded earlier when there is no connection', async () => {
    signInAsCollector();
    serve();
    const online = await renderRoutes(routes, { initialPath: '/collect' });
    await screen.findByText(/Surveys on this device, downloaded/);
    online.unmount();

    serve({ offline: true });
    await renderRoutes(routes, { initialPath: '/collect' });
    expect(await screen.findByText(/No connection: using the copy downloaded/)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Heritage survey' })).toBeInTheDocument();
  });
});

/** One screen (a shared question group): a required name with a hint, a number of floors from 1 to 12, a date. */
const recordSurvey = (): CollectSurvey => {
  const onScreen = { questionGroupId: 7 };
  const name = makeQuestion({
    id: 11,
    questionNr: '1.1',
    title: 'Name of the asset',
    required: true,
    hintEn: 'As written on the sign',
    ...onScreen,
  });
  const floors = makeQuestion({
    id: 12,
    questionNr: '1.2',
    title: 'Floors',
    questionType: 'NUMBER',
    limMin: '1',
    limMax: '12',
    ...onScreen,
  });
  const visited = makeQuestion({ id: 13, questionNr: '1.3', title: 'Last visited', questionType: 'DATE', ...onScreen });
  return { ...makeCollectSurvey(), questions: [makeChapter(1, '1', 'Identification', [name, floors, visited])] };
};
