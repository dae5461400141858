import type { AssetPoints } from '@trashegimia/contract/assets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAsset, makeDataset, pageOf, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import type { MapArea } from '@/shared/filters/asset-range';
import type { MapAsset } from '../lib/map-assets';

const PRIZREN_VIEW: MapArea = { latMin: 42.1, lngMin: 20.6, latMax: 42.3, lngMax: 20.9 };
import { MapRoute } from './map-route';

// Leaflet needs a real canvas and layout; the map is replaced at its boundary by a list of its points.
vi.mock('../components/points-map', () => ({
  PointsMap: ({
    assets,
    label,
    selected,
    onSelect,
    onViewChange,
  }: {
    assets: MapAsset[];
    label: string;
    selected: MapAsset | null;
    onSelect: (id: string) => void;
    onViewChange: (view: MapArea) => void;
  }) => (
    <div>
      <button type="button" onClick={() => onViewChange(PRIZREN_VIEW)}>
        move to Prizren
      </button>
      <ul aria-label={label}>
        {assets.map((asset) => (
          <li key={asset.id} data-color={asset.color}>
            <button type="button" onClick={() => onSelect(asset.id)}>
              marker {asset.name}
            </button>
          </li>
        ))}
      </ul>
      {selected && <p>popup {selected.name}</p>}
    </div>
  ),
}));

type Point = { id: string; name: string; riskLevel: 'high' | 'medium' | 'low'; risk: string | null };

const answer = (datasetId: number, items: Point[], totalItems = items.length): AssetPoints => ({
  datasetId,
  points: {
    id: items.map((item) => item.id),
    lat: items.map(() => 42.2),
    lng: items.map(() => 20.7),
    name: items.map((item) => item.name),
    municipality: items.map(() => 'Prizren'),
    village: items.map(() => 'Lubizhdë'),
    date: items.map(() => '2024-05-06T10:00:00.000Z'),
    risk: items.map((item) => item.risk),
    riskLevel: items.map((item) => item.riskLevel),
  },
  meta: { totalItems, truncated: totalItems > items.length },
});

const MONUMENTS: Point[] = [
  { id: '00000000-0000-4000-8000-000000000101', name: 'Lidhja e Prizrenit', riskLevel: 'high', risk: '1' },
  { id: '00000000-0000-4000-8000-000000000102', name: 'Ura e Gurit', riskLevel: 'low', risk: null },
];
const LANDSCAPES: Point[] = [
  { id: '00000000-0000-4000-8000-000000000201', name: 'Gryka e Rugovës', riskLevel: 'medium', risk: '2' },
];

const DATASETS = [
  makeDataset({ id: 1, name: 'Monumente', pillColor: '#8B4513' }),
  makeDataset({ id: 2, name: 'Peizazhe', pillColor: '#2E7D32' }),
];

type SetupOptions = {
  datasets?: typeof DATASETS;
  points?: (url: URL) => Response;
  list?: (url: URL) => Response;
  initialPath?: string;
  as?: 'guest' | 'admin';
};

const serverError = () => jsonResponse({ statusCode: 500, error: 'x', message: '', code: 'internal' }, 500);

const setup = async ({ datasets = DATASETS, points, list, initialPath = '/map', as = 'guest' }: SetupOptions = {}) => {
  signInAs(as);
  const api = createApiMock({
    'GET /api/datasets': () =>
      jsonResponse({ items: datasets, meta: { page: 1, limit: 10, totalItems: datasets.length, totalPages: 1 } }),
    'GET /api/surveys/assets/points': ({ url }) => {
      if (points) return points(url);
      const datasetId = Number(url.searchParams.get('datasetId'));
      const risk = url.searchParams.get('riskLevel');
      const all = datasetId === 2 ? LANDSCAPES : MONUMENTS;
      return jsonResponse(
        answer(
          datasetId,
          all.filter((point) => !risk || point.riskLevel === risk),
        ),
      );
    },
    'GET /api/surveys/dataset-respondents': ({ url }) => (list ? list(url) : serverError()),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes([{ path: '/map', element: <MapRoute /> }], { initialPath, language: 'en' });
  return { ...view, api, user: userEvent.setup() };
};

/** The (mocked) map: it renders once the page has been painted. */
const markers = async () => within(await screen.findByRole('list', { name: 'Interactive map of the assets' }));

describe('interactive map', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the first dataset's assets, coloured by risk or in the dataset's colour, and counts them", async () => {
    const { api } = await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Interactive Map' })).toBeInTheDocument();
    expect(await screen.findByText('2 assets on the map')).toBeInTheDocument();
    expect((await markers()).getByRole('button', { name: 'marker Lidhja e Prizrenit' }).closest('li')).toHaveAttribute(
      'data-color',
      '#dc2626',
    );
    expect((await markers()).getByRole('button', { name: 'marker Ura e Gurit' }).closest('li')).toHaveAttribute(
      'data-color',
      '#8B4513',
    );
    // Up to 10 datasets for the slots; the compact call for the chosen one.
    expect(api.calls('GET', '/api/datasets')[0]?.url.searchParams.get('limit')).toBe('10');
    expect(api.calls('GET', '/api/surveys/assets/points').map((r) => r.url.searchParams.get('datasetId'))).toEqual([
      '1',
    ]);
  });

  it('asks again for the chosen risk level and shows only those assets', async () => {
    const { api, user } = await setup();
    await screen.findByText('2 assets on the map');
    await user.selectOptions(screen.getByLabelText('Risk level'), 'High');
    expect(await screen.findByText('1 assets on the map')).toBeInTheDocument();
    expect((await markers()).getAllByRole('listitem')).toHaveLength(1);
    expect(api.calls('GET', '/api/surveys/assets/points').at(-1)?.url.searchParams.get('riskLevel')).toBe('high');
  });

  it('searches the area in view and the date range, and keeps both in the address', async () => {
    const { api, user, router } = await setup();
    await screen.findByText('2 assets on the map');
    const lastQuery = () => api.calls('GET', '/api/surveys/assets/points').at(-1)?.url.searchParams;

    await user.click(await screen.findByRole('button', { name: 'move to Prizren' }));
    await user.click(screen.getByRole('button', { name: 'Search in this area' }));
    await waitFor(() => expect(lastQuery()?.get('latMin')).toBe('42.1'));
    expect(Object.fromEntries(lastQuery()!)).toMatchObject({ latMax: '42.3', lngMin: '20.6', lngMax: '20.9' });
    expect(screen.getByText('Only the assets in the searched area are shown.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('From'), '2024-01-01');
    await waitFor(() => expect(lastQuery()?.get('dateFrom')).toBe('2024-01-01'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: '2024-01-01',
      area: '42.1000,20.6000,42.3000,20.9000',
    });
    // The same range, as the dataset's list.
    expect(screen.getByRole('link', { name: 'Monumente: see these assets as a list' })).toHaveAttribute(
      'href',
      '/data/1?from=2024-01-01&area=42.1000%2C20.6000%2C42.3000%2C20.9000',
    );

    await user.click(screen.getByRole('button', { name: 'Remove the area' }));
    await waitFor(() => expect(lastQuery()?.has('latMin')).toBe(false));
    expect(lastQuery()?.get('dateFrom')).toBe('2024-01-01');
  });

  it('opens with the date range of the address it was given', async () => {
    const { api } = await setup({ initialPath: '/map?from=2024-01-01&to=2024-06-30' });
    await screen.findByText('2 assets on the map');
    expect(Object.fromEntries(api.calls('GET', '/api/surveys/assets/points').at(-1)!.url.searchParams)).toMatchObject({
      dateFrom: '2024-01-01',
      dateTo: '2024-06-30',
    });
    expect(screen.getByLabelText('From')).toHaveValue('2024-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2024-06-30');
  });

  it("tells an administrator how many of the map's assets, and of each dataset's, the public does not see", async () => {
    await setup({
      as: 'admin',
      points: (url) =>
        jsonResponse({
          ...answer(Number(url.searchParams.get('datasetId')), MONUMENTS),
          meta: { totalItems: 2, truncated: false, notPublic: 1 },
        }),
    });
    expect(await screen.findByText(/^2 assets on the map/)).toHaveTextContent('2 assets on the map (1 not public)');
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent(
      'Monumente, no risk assessment (1 not public)',
    );
  });

  it('searches once the visitor stops typing', async () => {
    const { api, user } = await setup();
    await screen.findByText('2 assets on the map');
    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'rugov');
    await waitFor(() =>
      expect(api.calls('GET', '/api/surveys/assets/points').at(-1)?.url.searchParams.get('search')).toBe('rugov'),
    );
    // Not one request per key pressed.
    const searches = api.calls('GET', '/api/surveys/assets/points').filter((r) => r.url.searchParams.has('search'));
    expect(searches.length).toBeLessThan('rugov'.length);
  });

  it('puts several datasets on the map at once, each offered in one slot only', async () => {
    const { user } = await setup();
    await screen.findByText('2 assets on the map');
    const second = screen.getByRole('combobox', { name: 'Dataset 2' });
    expect(within(second).getByRole('option', { name: 'Monumente' })).toBeDisabled();
    await user.selectOptions(second, 'Peizazhe');
    expect(await screen.findByText('3 assets on the map')).toBeInTheDocument();
    expect(screen.getByText('Peizazhe, no risk assessment')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dataset 1' }), '— None —');
    expect(await screen.findByText('1 assets on the map')).toBeInTheDocument();
  });

  it('opens the popup and the detail card of an asset chosen from the list, with the ways to its page and its dataset', async () => {
    const { user } = await setup();
    await screen.findByText('2 assets on the map');
    await user.click(screen.getByText(/List of the assets on the map/));
    await user.click(screen.getByRole('button', { name: /^Ura e Gurit/ }));

    // The map itself arrives once the page has been painted.
    expect(await screen.findByText('popup Ura e Gurit')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Asset details' });
    expect(within(card).getByRole('heading', { name: 'Ura e Gurit' })).toHaveFocus();
    expect(within(card).getByText('Monumente')).toBeInTheDocument();
    expect(within(card).getByText('Lubizhdë')).toBeInTheDocument();
    expect(within(card).getByText('Not assessed')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: "Open the asset's page" })).toHaveAttribute(
      'href',
      '/assets/00000000-0000-4000-8000-000000000102',
    );
    expect(within(card).getByRole('link', { name: 'View in dataset' })).toHaveAttribute(
      'href',
      '/data/1?q=Ura+e+Gurit',
    );
    await user.click(within(card).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('region', { name: 'Asset details' })).not.toBeInTheDocument();
  });

  it.each([
    { reducedMotion: false, behavior: 'smooth' },
    { reducedMotion: true, behavior: 'instant' },
  ])(
    'scrolls the card of an asset chosen from the list into view below the sticky header (reduced motion: $reducedMotion)',
    async ({ reducedMotion, behavior }) => {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query.includes('reduce') }));
      const scrolled: { element: Element; options: unknown }[] = [];
      Element.prototype.scrollIntoView = function (options) {
        scrolled.push({ element: this, options });
      };
      try {
        const { user } = await setup();
        await screen.findByText('2 assets on the map');
        await user.click(screen.getByText(/List of the assets on the map/));
        await user.click(screen.getByRole('button', { name: /^Ura e Gurit/ }));

        const card = await screen.findByRole('region', { name: 'Asset details' });
        // Otherwise the page stays at the list, or the card lands half under the header.
        expect(scrolled, 'the card is not scrolled into view').toEqual([
          { element: card, options: { block: 'nearest', behavior } },
        ]);
        expect(card, 'the card would stop under the sticky header').toHaveClass('scroll-mt-below-header');
        expect(within(card).getByRole('heading', { name: 'Ura e Gurit' })).toHaveFocus();
      } finally {
        delete (Element.prototype as Partial<Element>).scrollIntoView;
      }
    },
  );

  it('shows the card of a marker clicked on the map without taking the focus', async () => {
    const { user } = await setup();
    await user.click(await (await markers()).findByRole('button', { name: 'marker Lidhja e Prizrenit' }));
    const card = screen.getByRole('region', { name: 'Asset details' });
    expect(within(card).getByText('High')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Lidhja e Prizrenit' })).not.toHaveFocus();
  });

  it('falls back to the first 1000 of the list when the compact call fails', async () => {
    const { api } = await setup({
      points: serverError,
      list: () =>
        jsonResponse(
          pageOf(
            [
              makeAsset({ name: 'Kulla e Jasharëve', datasetId: 1 }),
              makeAsset({ name: 'Pa koordinata', locationAlt: null, locationLong: null }),
            ],
            { limit: 1000, totalItems: 1200 },
          ),
        ),
    });
    expect(await screen.findByText('1 assets on the map')).toBeInTheDocument();
    expect(api.calls('GET', '/api/surveys/dataset-respondents')[0]?.url.searchParams.get('limit')).toBe('1000');
    expect(screen.getByText('Monumente: only the first 1 assets could be loaded.')).toBeInTheDocument();
  });

  it('says when the map data cannot be loaded, and tries again on request', async () => {
    const { api, user } = await setup({ points: serverError });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load map data');
    expect(alert).toHaveTextContent('Please try again later');
    const before = api.calls('GET', '/api/surveys/assets/points').length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls('GET', '/api/surveys/assets/points').length).toBeGreaterThan(before));
  });

  it('says when only the newest of more assets are shown', async () => {
    await setup({ points: () => jsonResponse(answer(1, MONUMENTS, 25_000)) });
    expect(await screen.findByText('Monumente: showing the newest 2 of 25,000 assets.')).toBeInTheDocument();
  });

  it('says so when no asset matches', async () => {
    await setup({ points: () => jsonResponse(answer(1, [])) });
    expect(await screen.findByText('No asset with coordinates matches this choice.')).toBeInTheDocument();
  });

  it('says so when there are no datasets', async () => {
    await setup({ datasets: [] });
    expect(await screen.findAllByText('No datasets available')).not.toHaveLength(0);
  });
});
