import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createApiMock,
  makeAsset,
  makeAssetDetail,
  makeAppConfig,
  makeDatasetDetail,
  makeFilter,
  pageOf,
  signInAs,
} from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import type { Language } from '@/shared/i18n/language';
import type { AssetDetail, AssetSummary } from '@trashegimia/contract/assets';
import { DatasetDetailRoute } from './dataset-detail-route';

const DATASET = makeDatasetDetail({ id: 1, name: 'Monumente', pillColor: '#8B4513' });
const FILTERS = {
  items: [
    makeFilter(10, 'Komuna', [
      { id: 100, value: 'Prishtinë' },
      { id: 101, value: 'Prizren' },
    ]),
    makeFilter(11, 'Pa opsione', []),
  ],
};

type Options = {
  as?: 'guest' | 'user' | 'admin';
  path?: string;
  language?: Language;
  assets?: AssetSummary[];
  /** The assets whose details the server gives; any other is a 404. */
  details?: AssetDetail[];
  datasetStatus?: number;
};

const setup = async ({
  as = 'guest',
  path = '/data/1',
  language = 'en',
  assets = [makeAsset()],
  details = [],
  datasetStatus = 200,
}: Options = {}) => {
  signInAs(as);
  const list = ({ page, limit }: { page: number; limit: number }) =>
    jsonResponse(pageOf(assets.slice((page - 1) * limit, page * limit), { page, limit, totalItems: assets.length }));
  const api = createApiMock({
    'GET /api/datasets/1': () =>
      datasetStatus === 200
        ? jsonResponse(DATASET)
        : jsonResponse({ statusCode: datasetStatus, error: 'x', message: '', code: 'not_found' }, datasetStatus),
    'GET /api/datasets/1/filters': () => jsonResponse(FILTERS),
    'GET /api/config': () => jsonResponse(makeAppConfig()),
    'GET /api/surveys/dataset-respondents': ({ url }) =>
      list({ page: Number(url.searchParams.get('page')), limit: Number(url.searchParams.get('limit')) }),
    'POST /api/surveys/dataset-respondents': ({ body }) => list(body as { page: number; limit: number }),
    ...Object.fromEntries(
      details.flatMap((detail) => [
        [`GET /api/surveys/assets/${detail.id}`, () => jsonResponse(detail)],
        [`GET /api/surveys/assets/${detail.id}/media`, () => jsonResponse({ items: [] })],
      ]),
    ),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes(
    [
      { path: '/data/:categoryId', element: <DatasetDetailRoute /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialPath: path, language },
  );
  // hidden: an address naming an asset opens its dialog over the page at once.
  if (datasetStatus === 200) await screen.findByRole('heading', { level: 1, name: DATASET.name, hidden: true });
  return { ...view, api, user: userEvent.setup() };
};

const listItems = async () => {
  await screen.findByText(/Total:/);
  const section = screen.getByRole('region', { name: 'Assets' });
  return within(section).queryAllByRole('listitem');
};

describe('dataset detail', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:download');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('numbers items with 4 digits, cuts names at 50 characters and names the unnamed', async () => {
    const long = 'Kulla e Jasharëve në Prekaz, monument i trashëgimisë kombëtare';
    await setup({
      language: 'xk',
      assets: [makeAsset({ name: long }), makeAsset({ name: null }), makeAsset({ name: '  ' })],
    });
    await screen.findByText('0001');
    expect(screen.getByText('0002')).toBeInTheDocument();
    expect(screen.getByText('0003')).toBeInTheDocument();
    const cut = screen.getByRole('heading', { level: 3, name: `${long.slice(0, 50)}…` });
    expect(cut).toHaveAttribute('title', long);
    expect(screen.getAllByRole('heading', { level: 3, name: 'Pa emër' })).toHaveLength(2);
  });

  it("loads 20 at a time and says 'All N items loaded' after the last page", async () => {
    const assets = Array.from({ length: 25 }, (_, index) => makeAsset({ name: `Aseti ${index + 1}` }));
    const { user, api } = await setup({ assets });
    expect(await listItems()).toHaveLength(20);
    expect(screen.queryByText('All 25 items loaded')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('All 25 items loaded')).toBeInTheDocument();
    expect(await listItems()).toHaveLength(25);
    expect(screen.getByText('0025')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const pages = api
      .calls('GET', '/api/surveys/dataset-respondents')
      .map((request) => request.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
    expect(api.calls('GET', '/api/surveys/dataset-respondents')[0]?.url.searchParams.get('limit')).toBe('20');
  });

  it("says 'No objects found' for an empty dataset", async () => {
    await setup({ assets: [] });
    expect(await screen.findByText('No objects found')).toBeInTheDocument();
  });

  it('sorts by date or by name', async () => {
    const { user, api } = await setup();
    await listItems();
    const lastSort = () => {
      const request = api.calls('GET', '/api/surveys/dataset-respondents').at(-1);
      return `${request?.url.searchParams.get('sortBy')} ${request?.url.searchParams.get('sortOrder')}`;
    };
    expect(screen.getByRole('button', { name: 'Date' })).toHaveAttribute('aria-pressed', 'true');
    expect(lastSort()).toBe('date desc');
    await user.click(screen.getByRole('button', { name: 'A - Z' }));
    await waitFor(() => expect(lastSort()).toBe('name asc'));
  });

  it('hides the download button from guests and offers them a login link', async () => {
    await setup({ as: 'guest' });
    await listItems();
    expect(screen.queryByRole('button', { name: 'Download dataset' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in / Register' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Fdata%2F1',
    );
  });

  it("lets a logged-in user download the dataset in the list's order, by a link the browser follows itself", async () => {
    const { user, api } = await setup({ as: 'user', path: '/data/1?sort=name' });
    const link = '/api/surveys/dataset-respondents/export?export=abc&expires=1718000000&signature=xyz';
    let finish: (response: Response) => void = () => {};
    api.requests.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/surveys/dataset-respondents/export-link') {
          api.requests.push({
            url: new URL(String(input), 'http://localhost'),
            method: 'POST',
            body: JSON.parse(String(init?.body)),
          });
          return new Promise<Response>((resolve) => (finish = resolve));
        }
        return api.fetchMock(input, init);
      }),
    );
    const followed: { href: string | null; download: string | null }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href'), download: this.getAttribute('download') });
    });
    expect(screen.queryByRole('link', { name: 'Log in / Register' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Download dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download dataset' });
    for (const format of [/PDF/, /Excel \(XLSX\)/, /CSV/, /KML \(Google Earth\)/]) {
      expect(within(dialog).getByRole('radio', { name: format })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('radio', { name: /GeoJSON/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Generating the file...');
    expect(api.requests.at(-1)?.body).toEqual({
      datasetId: 1,
      exportType: 'GEOJSON',
      sortBy: 'name',
      sortOrder: 'asc',
    });

    finish(jsonResponse({ url: link, expiresAt: '2024-06-10T06:13:20.000Z' }));
    // The browser downloads the file itself: the page neither fetches it nor holds it.
    await waitFor(() => expect(followed).toEqual([{ href: link, download: '' }]));
    expect(vi.mocked(fetch).mock.calls.map(([input]) => String(input))).not.toContain(link);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The file was downloaded')).toBeInTheDocument();
  });

  it("shows the server's message when an export is refused", async () => {
    const { user, api } = await setup({ as: 'user' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === '/api/surveys/dataset-respondents/export-link'
          ? jsonResponse(
              {
                statusCode: 413,
                error: 'Payload Too Large',
                message: 'A PDF holds at most 2000 assets; choose XLSX or CSV.',
                code: 'too_large',
              },
              413,
            )
          : api.fetchMock(input, init),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Download dataset' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /PDF/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A PDF holds at most 2000 assets; choose XLSX or CSV.',
    );
  });

  it('lets search beat filters: the GET list with search is used', async () => {
    const { user, api } = await setup();
    await listItems();
    await user.click(screen.getByRole('button', { name: /Komuna/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Prizren' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), '  kulla ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(api.calls('GET', '/api/surveys/dataset-respondents').at(-1)?.url.searchParams.get('search')).toBe('kulla'),
    );
    expect(api.calls('POST', '/api/surveys/dataset-respondents')).toHaveLength(0);
  });

  it('filters with POST, sending only options the question has', async () => {
    const { api, user } = await setup({ path: '/data/1?f=10:101,999&f=77:1' });
    await waitFor(() => expect(api.calls('POST', '/api/surveys/dataset-respondents')).toHaveLength(1));
    expect(api.calls('POST', '/api/surveys/dataset-respondents')[0]?.body).toEqual({
      datasetId: 1,
      filters: [{ questionId: 10, questionOptionIds: [101], questionOptionValues: ['Prizren'] }],
      filterPage: 'DATASET_DETAILS',
      page: 1,
      limit: 20,
      sortBy: 'date',
      sortOrder: 'desc',
    });
    expect(api.calls('GET', '/api/surveys/dataset-respondents')).toHaveLength(0);

    // Choosing in the panel: both options of the question, then Search.
    await user.click(screen.getByRole('checkbox', { name: 'Prishtinë' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('POST', '/api/surveys/dataset-respondents')).toHaveLength(2));
    expect((api.calls('POST', '/api/surveys/dataset-respondents')[1]?.body as { filters: unknown }).filters).toEqual([
      { questionId: 10, questionOptionIds: [100, 101], questionOptionValues: ['Prishtinë', 'Prizren'] },
    ]);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.calls('GET', '/api/surveys/dataset-respondents')).toHaveLength(1));
  });

  it('hides questions without options', async () => {
    await setup();
    await screen.findByRole('button', { name: /Komuna/ });
    expect(screen.queryByRole('button', { name: /Pa opsione/ })).not.toBeInTheDocument();
  });

  it('offers the map only for assets with coordinates, and embeds OpenStreetMap around the point', async () => {
    const { user } = await setup({
      assets: [
        makeAsset({ name: 'Me koordinata', locationAlt: 42.6, locationLong: 21.2 }),
        makeAsset({ name: 'Pa koordinata', locationAlt: null, locationLong: null }),
      ],
    });
    await listItems();
    const mapButtons = screen.getAllByRole('button', { name: /^On the map/ });
    expect(mapButtons).toHaveLength(1);
    expect(mapButtons[0]).toHaveAccessibleName('On the map: Me koordinata');

    await user.click(mapButtons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Location: Me koordinata' });
    const frame = within(dialog).getByTitle('Map of the location of Me koordinata');
    expect(frame).toHaveAttribute(
      'src',
      'https://www.openstreetmap.org/export/embed.html?bbox=21.19,42.59,21.21,42.61&layer=mapnik&marker=42.6,21.2',
    );
    expect(within(dialog).getByRole('link', { name: 'OpenStreetMap contributors' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the edit link to admins only', async () => {
    const asset = makeAsset({ name: 'Hamami' });
    await setup({ as: 'user', assets: [asset] });
    await listItems();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('links admins to the asset editor', async () => {
    const asset = makeAsset({ name: 'Hamami' });
    await setup({ as: 'admin', assets: [asset] });
    await listItems();
    expect(screen.getByRole('link', { name: 'Edit: Hamami' })).toHaveAttribute(
      'href',
      `/admin/surveys/assets/${asset.id}`,
    );
  });

  it('shows an asset in the details modal, with answers in the interface language', async () => {
    const asset = makeAsset({ name: 'Kulla e Zenel Beut' });
    const { user, api } = await setup({ language: 'sr', assets: [asset] });
    const detail = makeAssetDetail({
      ...asset,
      status: 'REJECTED',
      comments: 'Treba proveriti',
      answers: [
        {
          questionId: 5,
          questionNr: '1.1',
          questionType: 'SINGLE_CHOICE',
          questionIdentifier: null,
          optionId: 9,
          value: 'gur',
          value2: 'i latuar',
          title: 'Materiali',
          titleXk: 'Materiali',
          titleEn: 'Material',
          titleSr: 'Materijal',
          optionDescription: 'Gur',
          optionDescriptionXk: 'Gur',
          optionDescriptionEn: 'Stone',
          optionDescriptionSr: 'Kamen',
        },
      ],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === `/api/surveys/assets/${asset.id}`
          ? jsonResponse(detail)
          : String(input) === `/api/surveys/assets/${asset.id}/media`
            ? jsonResponse({ items: [] })
            : api.fetchMock(input, init),
      ),
    );
    await screen.findByText('0001');
    await user.click(screen.getByRole('button', { name: 'Detalji: Kulla e Zenel Beut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kulla e Zenel Beut' });
    expect(await within(dialog).findByText(asset.id)).toBeInTheDocument();
    expect(within(dialog).getByText('Odbijeno')).toHaveAttribute('data-status', 'REJECTED');
    expect(within(dialog).getByText('Treba proveriti')).toBeInTheDocument();
    expect(within(dialog).getByText('Materijal')).toBeInTheDocument();
    expect(within(dialog).getByText('Kamen — i latuar')).toBeInTheDocument();
    expect(within(dialog).getByTitle('Mapa lokacije objekta Kulla e Zenel Beut')).toBeInTheDocument();
  });

  it("toasts 'Failed to download PDF' when the PDF fails", async () => {
    const asset = makeAsset({ name: 'Ura e Gurit' });
    const { user, api } = await setup({ assets: [asset] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === `/api/surveys/assets/${asset.id}/pdf`
          ? new Response('', { status: 500 })
          : api.fetchMock(input, init),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'PDF: Ura e Gurit' }));
    expect(await screen.findByText('Failed to download PDF')).toBeInTheDocument();
  });

  it('names when its data last changed and its licence, and folds away a citation of its page', async () => {
    const { user } = await setup({ language: 'xk' });
    expect(screen.getByText('Përditësuar së fundi: 10 janar 2025')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    const citation = new RegExp(
      `^Monumente\\. Trashëgimia\\. ${window.location.origin}/data/1 \\(qasur më .+ 20\\d\\d\\)\\.$`,
    );
    expect(screen.getByText(citation)).not.toBeVisible();
    await user.click(screen.getByText('Si të citohet'));
    expect(screen.getByText(citation)).toBeVisible();
  });

  it("says 'Dataset not found' for an unknown dataset", async () => {
    await setup({ datasetStatus: 404 });
    expect(await screen.findByText('Dataset not found')).toBeInTheDocument();
  });

  it("says 'Gabim gjatë ngarkimit të datasetit' when the dataset fails to load", async () => {
    await setup({ datasetStatus: 500, language: 'xk' });
    expect(await screen.findByText('Gabim gjatë ngarkimit të datasetit')).toBeInTheDocument();
  });

  it("toggles the filters on small screens with 'Shfaq/Fshih Filterat'", async () => {
    const { user } = await setup({ language: 'xk' });
    const toggle = await screen.findByRole('button', { name: 'Shfaq Filterat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Fshih Filterat' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('dataset detail in the address', () => {
  afterEach(() => vi.unstubAllGlobals());

  const hamam = makeAsset({ name: 'Hamami i Madh' });
  const withHamam = { assets: [hamam], details: [makeAssetDetail(hamam)] };
  const searchOf = (router: { state: { location: { search: string } } }) =>
    new URLSearchParams(router.state.location.search);

  it("opens an asset's details as an entry of their own: Back closes them, Forward opens them again", async () => {
    const { user, router } = await setup(withHamam);
    await user.click(await screen.findByRole('button', { name: 'Details: Hamami i Madh' }));

    const dialog = await screen.findByRole('dialog', { name: 'Hamami i Madh' });
    expect(router.state.historyAction).toBe('PUSH');
    expect(searchOf(router).get('asset')).toBe(hamam.id);
    expect(await within(dialog).findByRole('link', { name: "Open the asset's page" })).toHaveAttribute(
      'href',
      `/assets/${hamam.id}`,
    );

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');

    await act(() => router.navigate(1));
    expect(await screen.findByRole('dialog', { name: 'Hamami i Madh' })).toBeInTheDocument();
  });

  it('goes back to the list when the details are closed, with focus on the button that opened them', async () => {
    const { user, router } = await setup(withHamam);
    const opener = await screen.findByRole('button', { name: 'Details: Hamami i Madh' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Hamami i Madh' });

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.search).toBe('');
    expect(opener).toHaveFocus();
  });

  it('opens the details a shared address names, and closing them drops only that from the address', async () => {
    const { user, router } = await setup({ ...withHamam, path: `/data/1?sort=name&asset=${hamam.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Hamami i Madh' });
    expect(await within(dialog).findByText(hamam.id)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?sort=name');
  });

  it.each([
    ['an asset the visitor may not see', '00000000-0000-4000-8000-999999999999'],
    ['an id that names no asset', 'not-an-id'],
  ])('says the asset is not found for %s', async (_case, assetId) => {
    const { api } = await setup({ ...withHamam, path: `/data/1?asset=${assetId}` });
    const dialog = await screen.findByRole('dialog', { name: 'Asset not found' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Asset not found');
    expect(within(dialog).queryByRole('link', { name: "Open the asset's page" })).not.toBeInTheDocument();
    const asked = api.requests.filter((request) => request.url.pathname.startsWith('/api/surveys/assets/'));
    expect(asked).toHaveLength(assetId === 'not-an-id' ? 0 : 1);
  });

  it('shows the search and sort a shared address names', async () => {
    const { api } = await setup({ path: '/data/1?q=kulla&sort=name' });
    await waitFor(() => expect(api.calls('GET', '/api/surveys/dataset-respondents')).toHaveLength(1));
    const asked = api.calls('GET', '/api/surveys/dataset-respondents')[0]?.url.searchParams;
    expect([asked?.get('search'), asked?.get('sortBy'), asked?.get('sortOrder')]).toEqual(['kulla', 'name', 'asc']);
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).toHaveValue('kulla');
    expect(screen.getByRole('button', { name: 'A - Z' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('writes the search, filters and sort into the address, replacing the entry rather than adding one', async () => {
    const { user, router } = await setup({ path: '/data/1?q=kulla' });
    await listItems();

    await user.clear(screen.getByRole('searchbox', { name: 'Search assets' }));
    await user.click(screen.getByRole('button', { name: /Komuna/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Prizren' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searchOf(router).getAll('f')).toEqual(['10:101']));
    expect(searchOf(router).has('q')).toBe(false);
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'A - Z' }));
    await waitFor(() => expect(searchOf(router).get('sort')).toBe('name'));
    expect(searchOf(router).getAll('f')).toEqual(['10:101']);
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists only the assets of the date range and map area a shared address names, with or without filters', async () => {
    const { api, user, router } = await setup({
      path: '/data/1?from=2024-01-01&to=2024-06-30&area=42.1,20.6,42.3,20.9&f=10:101',
    });
    await waitFor(() => expect(api.calls('POST', '/api/surveys/dataset-respondents')).toHaveLength(1));
    expect(api.calls('POST', '/api/surveys/dataset-respondents')[0]?.body).toMatchObject({
      dateFrom: '2024-01-01',
      dateTo: '2024-06-30',
      latMin: 42.1,
      lngMin: 20.6,
      latMax: 42.3,
      lngMax: 20.9,
    });
    expect(screen.getByLabelText('From')).toHaveValue('2024-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2024-06-30');
    expect(screen.getByText('Only assets in the chosen map area')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove the area' }));
    await waitFor(() => expect(searchOf(router).has('area')).toBe(false));
    expect(searchOf(router).get('from')).toBe('2024-01-01');

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'kulla');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('GET', '/api/surveys/dataset-respondents').at(-1)?.url.searchParams.get('search')).toBe('kulla'),
    );
    const asked = api.calls('GET', '/api/surveys/dataset-respondents').at(-1)?.url.searchParams;
    expect([asked?.get('dateFrom'), asked?.has('dateTo'), asked?.has('latMin')]).toEqual(['2024-01-01', false, false]);
    expect(searchOf(router).has('to')).toBe(false);
  });
});
