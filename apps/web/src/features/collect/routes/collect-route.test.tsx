import 'fake-indexeddb/auto';
import type { SubmissionBody } from '@trashegimia/contract/collect';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, signInAs } from '@/shared/testing/data-factories';
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

const serve = ({ offline = false } = {}) => {
  const sent: SubmissionBody[] = [];
  const api = createApiMock({
    'GET /api/collect/surveys': () => jsonResponse({ items: [makeCollectSurvey()] }),
    'POST /api/collect/submissions': ({ body }) => {
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
