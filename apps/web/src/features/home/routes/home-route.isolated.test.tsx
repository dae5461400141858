import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '@/shared/map/asset-map';
import {
  createApiMock,
  makeAppConfig,
  makeAsset,
  makeDataset,
  pageOf,
  signInAs,
} from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { HomeRoute } from './home-route';

// Leaflet needs a real canvas and layout; the map is replaced at its boundary by a list of its circles.
vi.mock('@/shared/map/asset-map', () => ({
  AssetMap: ({ points, label }: { points: MapPoint[]; label: string }) => (
    <ul aria-label={label}>
      {points.map((point) => (
        <li key={point.id} data-color={point.color}>
          {point.popup}
        </li>
      ))}
    </ul>
  ),
}));

const DATASETS = [
  makeDataset({
    id: 1,
    name: 'Monumente',
    pillColor: '#8B4513',
    stats: { totalResponses: 120, totalSurveys: 1, activeSurveys: 1, totalQuestions: 9 },
  }),
  makeDataset({
    id: 2,
    name: 'Peizazhe',
    pillColor: '#2E7D32',
    stats: { totalResponses: 45, totalSurveys: 1, activeSurveys: 1, totalQuestions: 9 },
  }),
  makeDataset({ id: 3, name: 'Pa ngjyrë', pillColor: null }),
];

const setup = async (datasets = DATASETS, status = 200) => {
  signInAs('guest');
  const api = createApiMock({
    'GET /api/datasets': () =>
      status === 200
        ? jsonResponse({ items: datasets, meta: { page: 1, limit: 6, totalItems: datasets.length, totalPages: 1 } })
        : jsonResponse({ statusCode: status, error: 'x', message: '', code: 'internal' }, status),
    'GET /api/surveys/dataset-respondents': ({ url }) =>
      jsonResponse(
        pageOf(
          url.searchParams.get('datasetId') === '2'
            ? [makeAsset({ name: 'Gryka e Rugovës', risk: 'i lartë', riskLevel: 'high' })]
            : [
                makeAsset({ name: 'Kulla e Jasharëve', risk: null }),
                makeAsset({ name: 'Pa koordinata', locationAlt: null, locationLong: null }),
              ],
        ),
      ),
    'GET /api/config': () => jsonResponse(makeAppConfig()),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes([{ path: '/', element: <HomeRoute /> }], { language: 'xk' });
  return { ...view, api, user: userEvent.setup() };
};

describe('home', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the title and asks for the datasets as any list of them does, up to 100', async () => {
    const { api } = await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Platforma për trashëgimi kulturore' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Harta e aseteve: Monumente' });
    const [request] = api.calls('GET', '/api/datasets');
    expect(request?.url.searchParams.get('limit')).toBe('100');
  });

  it('offers the first 6 datasets in the picker, but a summary tile and a carousel slide for every dataset', async () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      makeDataset({ id: i + 1, name: `Kategoria ${i + 1}`, pillColor: '#8B4513' }),
    );
    const { user } = await setup(many);
    const picker = await screen.findByRole('group', { name: 'Zgjidhni kategorinë e dataset-it' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(many.slice(0, 6).map((dataset) => dataset.name));

    const summary = screen.getByRole('region', { name: 'Përmbledhje e dataset-eve' });
    expect(within(summary).getAllByRole('button')).toHaveLength(8);

    const carousel = screen.getByRole('region', { name: 'Dataset-et' });
    expect(within(carousel).getByText('1 nga 8')).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Shfaq Kategoria 8' }));
    expect(within(carousel).getByRole('heading', { name: 'Kategoria 8' })).toBeInTheDocument();
    // A dataset beyond the picker is selected through its tile or the carousel; no pill is pressed then.
    expect(within(summary).getByRole('button', { name: /Kategoria 8/ })).toHaveAttribute('aria-pressed', 'true');
    for (const pill of within(picker).getAllByRole('button')) expect(pill).toHaveAttribute('aria-pressed', 'false');
  });

  it('writes near-black on a selected tile whose colour is too light for white, white otherwise', async () => {
    const { user } = await setup([
      makeDataset({ id: 1, name: 'Monumente', pillColor: '#8B4513' }),
      makeDataset({ id: 2, name: 'Bletari', pillColor: '#FFEB3B' }),
    ]);
    const summary = await screen.findByRole('region', { name: 'Përmbledhje e dataset-eve' });
    const brown = within(summary).getByRole('button', { name: /Monumente/ });
    expect(brown).toHaveAttribute('aria-pressed', 'true');
    expect(brown).toHaveClass('text-white');

    const yellow = within(summary).getByRole('button', { name: /Bletari/ });
    await user.click(yellow);
    expect(yellow).toHaveAttribute('aria-pressed', 'true');
    expect(yellow).toHaveClass('text-stone-900');
    expect(yellow).not.toHaveClass('text-white');
    const pill = within(screen.getByRole('group', { name: 'Zgjidhni kategorinë e dataset-it' })).getByRole('button', {
      name: 'Bletari',
    });
    expect(pill).toHaveClass('text-stone-900');
    expect(pill).not.toHaveClass('text-white');
  });

  it("says 'Nuk u gjetën dataset-e' when there are none", async () => {
    await setup([]);
    expect(await screen.findByText('Nuk u gjetën dataset-e')).toBeInTheDocument();
  });

  it("says 'Gabim në ngarkimin e datasetave' when the list fails", async () => {
    await setup(DATASETS, 500);
    expect(await screen.findByText('Gabim në ngarkimin e datasetave')).toBeInTheDocument();
  });

  it('draws the selected dataset on the map, skipping assets without coordinates, in the dataset colour without a risk', async () => {
    const { api } = await setup();
    const map = await screen.findByRole('list', { name: 'Harta e aseteve: Monumente' });
    const circles = await within(map).findAllByRole('listitem');
    expect(circles).toHaveLength(1);
    expect(circles[0]).toHaveTextContent('Kulla e Jasharëve');
    expect(circles[0]).toHaveTextContent('Prizren');
    expect(circles[0]).toHaveTextContent('Lubizhdë');
    expect(circles[0]).toHaveAttribute('data-color', '#8B4513');
    const [request] = api.calls('GET', '/api/surveys/dataset-respondents');
    expect(request?.url.searchParams.get('datasetId')).toBe('1');
    expect(request?.url.searchParams.get('limit')).toBe('1000');
  });

  it('selects a dataset with its summary tile, which then shows it on the map in risk colours', async () => {
    const { user } = await setup();
    const summary = await screen.findByRole('region', { name: 'Përmbledhje e dataset-eve' });
    const tile = within(summary).getByRole('button', { name: /Peizazhe/ });
    expect(tile).toHaveAttribute('aria-pressed', 'false');
    expect(tile).toHaveTextContent('45');

    await user.click(tile);

    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(within(summary).getByRole('button', { name: /Monumente/ })).toHaveAttribute('aria-pressed', 'false');
    const map = await screen.findByRole('list', { name: 'Harta e aseteve: Peizazhe' });
    const circle = await within(map).findByText('Gryka e Rugovës');
    expect(circle.closest('li')).toHaveAttribute('data-color', '#dc2626');
  });

  it('moves through the datasets with the carousel buttons and the arrow keys', async () => {
    const { user } = await setup();
    const carousel = await screen.findByRole('region', { name: 'Dataset-et' });
    expect(within(carousel).getByRole('heading', { name: 'Monumente' })).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Dataset-i i radhës' }));
    expect(within(carousel).getByRole('heading', { name: 'Peizazhe' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(carousel).getByRole('heading', { name: 'Pa ngjyrë' })).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Dataset-i i mëparshëm' }));
    await waitFor(() => expect(within(carousel).getByRole('heading', { name: 'Peizazhe' })).toBeInTheDocument());
    expect(within(carousel).getByRole('link', { name: 'Shfleto Peizazhe' })).toHaveAttribute('href', '/data/2');
  });
});
