import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerDetail, AssetDetail } from '@trashegimia/contract/assets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@/shared/i18n/language';
import type { MapPoint } from '@/shared/map/asset-map';
import {
  createApiMock,
  makeAppConfig,
  makeAssetDetail,
  makeDatasetDetail,
  makeMediaItem,
  signInAs,
} from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AssetRoute } from './asset-route';

// Leaflet needs a real canvas and layout; the map is replaced at its boundary by a list of its circles.
vi.mock('@/shared/map/asset-map', () => ({
  AssetMap: ({ points, label, center }: { points: MapPoint[]; label: string; center?: [number, number] }) => (
    <ul aria-label={label} data-center={center?.join(',')}>
      {points.map((point) => (
        <li key={point.id} data-color={point.color}>
          {point.popup}
        </li>
      ))}
    </ul>
  ),
}));

const MATERIAL: AnswerDetail = {
  questionId: 5,
  questionNr: '1.1',
  questionType: 'SINGLE_CHOICE',
  questionIdentifier: null,
  optionId: 9,
  value: 'gur',
  value2: null,
  title: 'Materiali',
  titleXk: 'Materiali',
  titleEn: 'Material',
  titleSr: 'Materijal',
  optionDescription: 'Gur',
  optionDescriptionXk: 'Gur',
  optionDescriptionEn: 'Stone',
  optionDescriptionSr: 'Kamen',
};

const HAMAM = makeAssetDetail({
  name: 'Hamami i Gazi Mehmet Pashës',
  datasetId: 1,
  datasetName: 'Monumente',
  municipality: 'Prizren',
  village: 'Qendër',
  date: '2024-05-06T10:00:00.000Z',
  risk: '1',
  riskLevel: 'high',
  locationAlt: 42.21,
  locationLong: 20.74,
  answers: [MATERIAL],
});

type Options = { as?: 'guest' | 'admin'; path?: string; language?: Language; asset?: AssetDetail; status?: number };

const setup = async ({
  as = 'guest',
  path = `/assets/${HAMAM.id}`,
  language = 'en',
  asset = HAMAM,
  status = 200,
}: Options = {}) => {
  signInAs(as);
  const api = createApiMock({
    [`GET /api/surveys/assets/${asset.id}`]: () =>
      status === 200
        ? jsonResponse(asset)
        : jsonResponse(
            status === 404
              ? { statusCode: 404, error: 'Not Found', message: 'Asset not found', code: 'asset_not_found' }
              : {
                  statusCode: status,
                  error: 'Internal Server Error',
                  message: 'Database unavailable',
                  code: 'internal',
                },
            status,
          ),
    [`GET /api/surveys/assets/${asset.id}/media`]: () =>
      jsonResponse({
        items: [makeMediaItem({ id: 1 }), makeMediaItem({ id: 2, type: 'PDF', contentType: 'application/pdf' })],
      }),
    [`GET /api/surveys/assets/${asset.id}/pdf`]: () =>
      new Response('%PDF-', { headers: { 'Content-Disposition': 'attachment; filename="hamami.pdf"' } }),
    'GET /api/datasets/1': () => jsonResponse(makeDatasetDetail({ id: 1, name: 'Monumente', pillColor: '#2E7D32' })),
    'GET /api/config': () => jsonResponse(makeAppConfig()),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes([{ path: '/assets/:id', element: <AssetRoute /> }], { initialPath: path, language });
  return { ...view, api, user: userEvent.setup() };
};

describe('the asset page', () => {
  beforeEach(() => {
    // Only the clock: the citation's date of access is today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the asset with its dataset, place, date, risk, photos, answers and map, titled by its name', async () => {
    await setup();
    const heading = await screen.findByRole('heading', { level: 1, name: HAMAM.name! });
    expect(heading).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Hamami i Gazi Mehmet Pashës · Trashëgimia'));

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Data' })).toHaveAttribute('href', '/data');
    expect(within(breadcrumb).getByRole('link', { name: 'Monumente' })).toHaveAttribute('href', '/data/1');

    const facts = screen.getByRole('region', { name: 'About the asset' });
    expect(within(facts).getByRole('link', { name: 'Monumente' })).toHaveAttribute('href', '/data/1');
    expect(within(facts).getByText('Prizren')).toBeInTheDocument();
    expect(within(facts).getByText('Qendër')).toBeInTheDocument();
    expect(within(facts).getByText('May 6, 2024')).toBeInTheDocument();
    expect(within(facts).getByText('High')).toBeInTheDocument();
    // The public sees approved assets only: no status to tell.
    expect(within(facts).queryByText('Status')).not.toBeInTheDocument();

    const answers = screen.getByRole('region', { name: 'Survey answers' });
    expect(within(answers).getByText('Material')).toBeInTheDocument();
    expect(within(answers).getByText('Stone')).toBeInTheDocument();

    const photos = await screen.findByRole('region', { name: 'Photos' });
    expect(within(photos).getAllByRole('img')).toHaveLength(1);

    // The map arrives once the page has been painted, centred on the asset in its risk's colour.
    const map = await screen.findByRole('list', { name: 'Map of the location of Hamami i Gazi Mehmet Pashës' });
    expect(map).toHaveAttribute('data-center', '42.21,20.74');
    expect(within(map).getByRole('listitem')).toHaveAttribute('data-color', '#dc2626');
  });

  it("suggests a citation with the asset, its dataset, the site, the page's address and today's date", async () => {
    const { user } = await setup({ language: 'xk' });
    const citation = await screen.findByRole('region', { name: 'Si të citohet' });
    const text = `Hamami i Gazi Mehmet Pashës. Në: Monumente. Trashëgimia. ${window.location.origin}/assets/${HAMAM.id} (qasur më 5 mars 2026).`;
    expect(within(citation).getByText(text)).toBeInTheDocument();

    await user.click(within(citation).getByRole('button', { name: 'Kopjo citimin' }));
    expect(await navigator.clipboard.readText()).toBe(text);
    expect(await screen.findByText('Citimi u kopjua')).toBeInTheDocument();
  });

  it("names the dataset in the visitor's language, its last update, and the licence the data is offered under", async () => {
    await setup({ language: 'sr', asset: { ...HAMAM, datasetNameSr: 'Spomenici' } });
    expect(await screen.findAllByRole('link', { name: 'Spomenici' })).toHaveLength(2);
    // When the dataset's published data last changed, the date its citation stands for.
    expect(await screen.findByText('Poslednje ažuriranje skupa podataka')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Monumente' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
  });

  it('downloads the asset as a PDF', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:download');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, api } = await setup();
    await user.click(await screen.findByRole('button', { name: `Download PDF: ${HAMAM.name}` }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls('GET', `/api/surveys/assets/${HAMAM.id}/pdf`)).toHaveLength(1);
  });

  it('leaves out the place on the map for an asset without coordinates', async () => {
    await setup({ asset: { ...HAMAM, locationAlt: null, locationLong: null } });
    await screen.findByRole('heading', { level: 1, name: HAMAM.name! });
    expect(screen.queryByRole('region', { name: 'Location' })).not.toBeInTheDocument();
  });

  it("shows administrators an asset's status and the way to edit it", async () => {
    await setup({ as: 'admin', asset: { ...HAMAM, status: 'UPLOADED' } });
    await screen.findByRole('heading', { level: 1, name: HAMAM.name! });
    expect(screen.getByText('Pending')).toHaveAttribute('data-status', 'UPLOADED');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/admin/surveys/assets/${HAMAM.id}`);
  });

  it('tells a guest, in their language, that an asset they may not see is not found', async () => {
    await setup({ language: 'xk', status: 404 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aseti nuk u gjet' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Aseti nuk u gjet · Trashëgimia'));
    expect(screen.getByRole('link', { name: 'Të gjitha dataset-et' })).toHaveAttribute('href', '/data');
  });

  it('does not ask for an address that names no asset', async () => {
    const { api } = await setup({ path: '/assets/not-an-id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Asset not found' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('says the asset failed to load, and tries again', async () => {
    const { user, api } = await setup({ status: 500 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Error loading the asset' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls('GET', `/api/surveys/assets/${HAMAM.id}`)).toHaveLength(2));
  });
});
