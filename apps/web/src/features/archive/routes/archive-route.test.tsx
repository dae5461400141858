import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssetSummary, MediaItem } from '@trashegimia/contract/assets';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createApiMock,
  makeAsset,
  makeDataset,
  makeFilter,
  makeMediaItem,
  pageOf,
  signInAs,
} from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { ArchiveRoute } from './archive-route';

const DATASET = makeDataset({ id: 1, name: 'Monumente' });
const MUNICIPALITY = makeFilter(10, 'Municipality', [{ id: 100, value: 'Prizren' }]);
MUNICIPALITY.question.questionIdentifier = 'MUNICIPALITY_NAME';
const MATERIAL = makeFilter(11, 'Material', [
  { id: 110, value: 'Gur', description: 'Stone' },
  { id: 111, value: 'Dru', description: 'Timber' },
]);

const medium = (id: number, type: MediaItem['type'], contentType: string, named: Partial<MediaItem> = {}) =>
  makeMediaItem({ id, path: `demo/${id}`, type, contentType, ...named });

type Options = { assets?: AssetSummary[]; media?: MediaItem[]; failAssets?: boolean };

const setup = async ({ assets = [], media = [], failAssets = false }: Options = {}) => {
  signInAs('guest');
  const page = ({ page, limit }: { page: number; limit: number }) =>
    jsonResponse(pageOf(assets.slice((page - 1) * limit, page * limit), { page, limit, totalItems: assets.length }));
  const api = createApiMock({
    'GET /api/datasets': () => jsonResponse({ ...pageOf([]), items: [DATASET] }),
    'GET /api/datasets/1/filters': () => jsonResponse({ items: [MUNICIPALITY, MATERIAL] }),
    'GET /api/surveys/assets': ({ url }) =>
      failAssets
        ? jsonResponse({ statusCode: 500, error: 'x', message: '', code: 'internal' }, 500)
        : page({ page: Number(url.searchParams.get('page')), limit: Number(url.searchParams.get('limit')) }),
    'POST /api/surveys/dataset-respondents': ({ body }) => page(body as { page: number; limit: number }),
    ...Object.fromEntries(
      assets.map((asset) => [`GET /api/surveys/assets/${asset.id}/media`, () => jsonResponse({ items: media })]),
    ),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes([{ path: '/archive', element: <ArchiveRoute /> }], { initialPath: '/archive' });
  return { ...view, api, user: userEvent.setup() };
};

const cards = async () => {
  const section = await screen.findByRole('region', { name: 'Assets with media' });
  await within(section).findByText(/^Total:/);
  return within(section).queryAllByRole('heading', { level: 3 });
};

const lastListQuery = (api: Awaited<ReturnType<typeof setup>>['api']) =>
  api.calls('GET', '/api/surveys/assets').at(-1)?.url.searchParams;

describe('the visual archive', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the most viewed assets with any media first, 8 to a page, and pages on', async () => {
    const assets = Array.from({ length: 10 }, (_, i) => makeAsset({ name: `Kulla ${i + 1}`, mediaTypes: ['PHOTO'] }));
    const { api, user } = await setup({ assets });
    expect(await cards()).toHaveLength(8);
    expect(Object.fromEntries(lastListQuery(api)!)).toMatchObject({
      sortBy: 'viewCount',
      sortOrder: 'desc',
      limit: '8',
      page: '1',
      mediaTypes: 'PHOTO,VIDEO,AUDIO,PDF,THREE_D,THREE_SIXTY_VIDEO',
    });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await cards()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Alphabetical');
    await waitFor(() => expect(lastListQuery(api)?.get('sortBy')).toBe('name'));
    // A new order starts again from the first page.
    expect(lastListQuery(api)?.get('sortOrder')).toBe('asc');
    expect(lastListQuery(api)?.get('page')).toBe('1');
  });

  it('asks only for the ticked content types, and shows each card with its types and views', async () => {
    const { api, user } = await setup({
      assets: [makeAsset({ name: 'Kulla e Zekës', mediaTypes: ['PHOTO', 'THREE_D'], viewCount: 1234 })],
    });
    await cards();
    const card = screen.getByRole('heading', { level: 3, name: /Kulla e Zekës/ }).closest('li')!;
    expect(within(within(card).getByRole('list', { name: 'Media types' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).getByText('3D')).toBeInTheDocument();
    expect(within(card).getByText('Views: 1,234')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: '3D' }));
    await waitFor(() => expect(lastListQuery(api)?.get('mediaTypes')).toBe('THREE_D'));
    await user.click(screen.getByRole('checkbox', { name: 'PDF' }));
    await waitFor(() => expect(lastListQuery(api)?.get('mediaTypes')).toBe('PDF,THREE_D'));
  });

  it("filters by a dataset's questions, but not by its municipality", async () => {
    const { api, user } = await setup({ assets: [makeAsset({ mediaTypes: ['PHOTO'] })] });
    await cards();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dataset' }), 'Monumente');
    await waitFor(() => expect(lastListQuery(api)?.get('datasetId')).toBe('1'));

    await user.click(await screen.findByRole('button', { name: /Material/ }));
    expect(screen.queryByRole('button', { name: /Municipality/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Stone' }));
    await user.click(screen.getByRole('checkbox', { name: 'Photo' }));

    await waitFor(() =>
      expect(api.calls('POST', '/api/surveys/dataset-respondents').at(-1)?.body).toMatchObject({
        datasetId: 1,
        filterPage: 'ARCHIVE',
        filters: [{ questionId: 11, questionOptionIds: [110] }],
        mediaTypes: ['PHOTO'],
        sortBy: 'viewCount',
        limit: 8,
      }),
    );
  });

  it('says so when nothing matches', async () => {
    await setup({ assets: [] });
    expect(await screen.findByText('No asset with media matches the chosen filters.')).toBeInTheDocument();
  });

  it('says the list failed to load and offers a retry', async () => {
    const { api, user } = await setup({ failAssets: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data');
    const calls = api.calls('GET', '/api/surveys/assets').length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls('GET', '/api/surveys/assets').length).toBe(calls + 1));
  });

  it("opens an asset's media read-only by their names: the photo first with its caption, then the PDF in a frame", async () => {
    const asset = makeAsset({ name: 'Kulla e Zekës', mediaTypes: ['PHOTO', 'PDF'] });
    const { user } = await setup({
      assets: [asset],
      media: [
        medium(1, 'PHOTO', 'image/png', { caption: 'Fasada lindore' }),
        medium(2, 'PDF', 'application/pdf', { originalName: 'raport-konservimi.pdf' }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('button', { name: /Kulla e Zekës/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Kulla e Zekës' });
    // The caption is the photo's text alternative, and is shown under it.
    expect(await within(dialog).findByRole('img', { name: 'Kulla e Zekës – Fasada lindore' })).toHaveAttribute(
      'src',
      '/api/blobs/demo/1?expires=1&signature=s',
    );
    expect(within(dialog).getByText('Fasada lindore')).toBeInTheDocument();
    // Without a file name, a medium is its type, number and date; never its storage path.
    expect(within(dialog).getByRole('button', { name: 'Photo 1 · May 6, 2024' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'raport-konservimi.pdf' }));
    expect(within(dialog).getByTitle('PDF preview: Kulla e Zekës – raport-konservimi.pdf')).toHaveAttribute(
      'src',
      '/api/blobs/demo/2?expires=1&signature=s',
    );
    expect(within(dialog).getByRole('button', { name: 'raport-konservimi.pdf' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).queryByText(/demo\/\d/)).not.toBeInTheDocument();
    // Read-only: the only buttons are the files and closing.
    expect(within(dialog).queryByRole('button', { name: /remove|delete|edit/i })).not.toBeInTheDocument();
  });

  it("names where the media belong, their place and dataset, and leads to the asset's own page", async () => {
    const asset = makeAsset({
      name: 'Kulla e Zekës',
      municipality: 'Gjakovë',
      village: 'Rogovë',
      datasetName: 'Monumente',
      mediaTypes: ['PHOTO'],
    });
    const { user } = await setup({ assets: [asset], media: [medium(1, 'PHOTO', 'image/png')] });
    await cards();
    await user.click(screen.getByRole('button', { name: /Kulla e Zekës/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Kulla e Zekës' });
    expect(within(dialog).getByText('Gjakovë, Rogovë')).toBeInTheDocument();
    expect(within(dialog).getByText('Monumente')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: "Open the asset's page" })).toHaveAttribute(
      'href',
      `/assets/${asset.id}`,
    );
  });
});
