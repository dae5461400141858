import type { AssetSummary } from '@trashegimia/contract/assets';
import type { Survey } from '@trashegimia/contract/surveys';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAsset, makeDataset, pageOf, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AssetListRoute } from './asset-list-route';

const survey = (id: number, descriptionEn: string): Survey => ({
  id,
  surveyState: 1,
  defaultDatasetId: null,
  insBy: 'admin',
  insDate: '2024-01-01T00:00:00.000Z',
  ludBy: 'admin',
  lud: '2024-01-01T00:00:00.000Z',
  description: descriptionEn,
  descriptionXk: null,
  descriptionEn,
  descriptionSr: null,
  longDescription: null,
  longDescriptionXk: null,
  longDescriptionEn: null,
  longDescriptionSr: null,
});

const uploaded = (name: string, overrides: Partial<AssetSummary> = {}) =>
  makeAsset({ name, status: 'UPLOADED', ...overrides });

type Handlers = Parameters<typeof createApiMock>[0];

const setup = async ({
  assets,
  totalItems = assets.length,
  path = '/admin/surveys/assets',
  handlers = {},
}: {
  assets: AssetSummary[];
  totalItems?: number;
  path?: string;
  handlers?: Handlers;
}) => {
  signInAs('admin');
  const api = createApiMock({
    'GET /api/surveys/assets': ({ url }) =>
      jsonResponse(pageOf(assets, { page: Number(url.searchParams.get('page') ?? 1), totalItems })),
    'GET /api/datasets': () =>
      jsonResponse({
        items: [makeDataset({ id: 1, name: 'Monumente' }), makeDataset({ id: 2, name: 'Ura' })],
        meta: { page: 1, limit: 200, totalItems: 2, totalPages: 1 },
      }),
    'GET /api/surveys': () =>
      jsonResponse({
        items: [survey(7, 'Heritage survey')],
        meta: { page: 1, limit: 200, totalItems: 1, totalPages: 1 },
      }),
    'GET /api/users': () =>
      jsonResponse({
        items: [
          {
            id: 3,
            userName: 'arta',
            role: 1,
            createdBy: 'admin',
            createdAt: '2024-01-01T00:00:00.000Z',
            lastLogin: null,
          },
        ],
        meta: { page: 1, limit: 200, totalItems: 1, totalPages: 1 },
      }),
    'GET /api/devices': () =>
      jsonResponse({
        items: [
          {
            id: 4,
            mac: 'AA:BB:CC:DD:EE:01',
            model: 'Galaxy Tab A8',
            type: null,
            createdAt: '2024-01-01T00:00:00.000Z',
          },
        ],
        meta: { page: 1, limit: 200, totalItems: 1, totalPages: 1 },
      }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes(
    [
      { path: '/admin/surveys/assets', element: <AssetListRoute /> },
      { path: '/admin/surveys/assets/:id', element: <h1>Asset editor</h1> },
    ],
    { initialPath: path },
  );
  const lastListQuery = () => api.calls('GET', '/api/surveys/assets').at(-1)?.url.searchParams;
  return { ...view, api, lastListQuery, user: userEvent.setup() };
};

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('asset list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists uploaded assets newest first, 20 a page, with short IDs, status badges, count and position', async () => {
    const kulla = uploaded('Kulla e Jashar Pashës', {
      id: '1a2b3c4d-0000-4000-8000-000000000001',
      datasetName: 'Monumente',
    });
    const ura = makeAsset({ name: 'Ura e Fshejtë', status: 'APPROVED', municipality: 'Prizren' });
    const { lastListQuery } = await setup({ assets: [kulla, ura], totalItems: 25 });

    expect(await screen.findByRole('heading', { level: 1, name: 'Survey Assets' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(Object.fromEntries(lastListQuery()!)).toEqual({
      page: '1',
      limit: '20',
      status: 'UPLOADED',
      sortBy: 'date',
      sortOrder: 'desc',
    });
    expect(screen.getByText('Results: 25')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-2 of 25')).toBeInTheDocument();

    const [first, second] = bodyRows();
    expect(within(first!).getByText('1a2b3c4d')).toBeInTheDocument();
    expect(within(first!).getByRole('rowheader', { name: 'Kulla e Jashar Pashës' })).toBeInTheDocument();
    expect(within(first!).getByText('May 6, 2024')).toBeInTheDocument();
    expect(within(first!).getByText('Uploaded')).toBeInTheDocument();
    expect(within(first!).getByText('Monumente')).toBeInTheDocument();
    // Approve is offered unless approved, Reject unless rejected; edit and media for admins.
    expect(
      within(first!).getByRole('button', { name: 'Approve Kulla e Jashar Pashës (ID 1a2b3c4d)' }),
    ).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: /^Edit Kulla/ })).toHaveAttribute(
      'href',
      '/admin/surveys/assets/1a2b3c4d-0000-4000-8000-000000000001',
    );
    expect(within(first!).getByRole('link', { name: /^Media of Kulla/ })).toHaveAttribute(
      'href',
      '/admin/surveys/assets/1a2b3c4d-0000-4000-8000-000000000001/media',
    );
    expect(within(second!).getByText('Approved')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
  });

  it('goes back to page 1 when a filter or the order changes, and keeps the filters in the address', async () => {
    const { user, lastListQuery, router } = await setup({
      assets: [uploaded('Kulla')],
      totalItems: 45,
      path: '/admin/surveys/assets?page=3',
    });
    await screen.findByRole('table');
    expect(lastListQuery()?.get('page')).toBe('3');

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Dataset' }),
      await screen.findByRole('option', { name: 'Ura' }),
    );
    await waitFor(() => expect(lastListQuery()?.get('datasetId')).toBe('2'));
    expect(lastListQuery()?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?datasetId=2');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery()?.get('page')).toBe('2'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(lastListQuery()?.get('status')).toBeNull());
    expect(lastListQuery()?.get('page')).toBe('1');
    expect(lastListQuery()?.get('datasetId')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery()?.get('page')).toBe('2'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name (A–Z)');
    await waitFor(() => expect(lastListQuery()?.get('sortBy')).toBe('name'));
    expect(lastListQuery()?.get('sortOrder')).toBe('asc');
    expect(lastListQuery()?.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?datasetId=2&status=all&sort=nameAsc');
  });

  it('narrows by name, municipality and village once typing pauses, one request per pause, and keeps them in the address', async () => {
    const { user, api, lastListQuery, router } = await setup({ assets: [uploaded('Kulla')] });
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'Kulla');
    await waitFor(() => expect(lastListQuery()?.get('name')).toBe('Kulla'));
    const namesAsked = api.calls('GET', '/api/surveys/assets').flatMap((call) => call.url.searchParams.getAll('name'));
    expect(namesAsked).toEqual(['Kulla']);

    await user.type(screen.getByRole('searchbox', { name: 'Municipality' }), ' Prizren ');
    await user.type(screen.getByRole('searchbox', { name: 'Village' }), 'Lubizhdë');
    await waitFor(() => expect(lastListQuery()?.get('village')).toBe('Lubizhdë'));
    expect(lastListQuery()?.get('municipality')).toBe('Prizren');
    expect(new URLSearchParams(router.state.location.search).get('municipality')).toBe('Prizren');
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('Kulla');
  });

  it('narrows by a date range, the collector and the device', async () => {
    const { user, lastListQuery, router } = await setup({ assets: [uploaded('Kulla')] });
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('From date'), '2024-05-01');
    await waitFor(() => expect(lastListQuery()?.get('dateFrom')).toBe('2024-05-01'));
    await user.type(screen.getByLabelText('To date'), '2024-05-31');
    await waitFor(() => expect(lastListQuery()?.get('dateTo')).toBe('2024-05-31'));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Collector' }),
      await screen.findByRole('option', { name: 'arta' }),
    );
    await waitFor(() => expect(lastListQuery()?.get('userId')).toBe('3'));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Device' }),
      await screen.findByRole('option', { name: 'Galaxy Tab A8 (AA:BB:CC:DD:EE:01)' }),
    );
    await waitFor(() => expect(lastListQuery()?.get('deviceId')).toBe('4'));
    expect(router.state.location.search).toBe('?dateFrom=2024-05-01&dateTo=2024-05-31&userId=3&deviceId=4');
  });

  it('opens a shared link with every filter, the order and the page it names', async () => {
    const { lastListQuery } = await setup({
      assets: [uploaded('Kulla')],
      totalItems: 45,
      path:
        '/admin/surveys/assets?status=all&name=kulla&municipality=Prizren&village=Lubizhd%C3%AB' +
        '&dateFrom=2024-05-01&dateTo=2024-05-31&userId=3&deviceId=99&sort=nameAsc&page=2',
    });
    await screen.findByRole('table');
    expect(Object.fromEntries(lastListQuery()!)).toEqual({
      page: '2',
      limit: '20',
      sortBy: 'name',
      sortOrder: 'asc',
      name: 'kulla',
      municipality: 'Prizren',
      village: 'Lubizhdë',
      dateFrom: '2024-05-01',
      dateTo: '2024-05-31',
      userId: '3',
      deviceId: '99',
    });
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('kulla');
    expect(screen.getByLabelText('From date')).toHaveValue('2024-05-01');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All');
    expect(await screen.findByRole('option', { name: 'arta', selected: true })).toBeInTheDocument();
    // A device beyond the list offered stays chosen, by its number.
    expect(screen.getByRole('combobox', { name: 'Device' })).toHaveDisplayValue('Device 99');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Name (A–Z)');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('opens a link with malformed filters as the plain list rather than failing', async () => {
    const { lastListQuery } = await setup({
      assets: [uploaded('Kulla')],
      path: '/admin/surveys/assets?userId=arta&dateFrom=2024-13-45&dateTo=0999-01-01&status=LOST&sort=bogus&page=-1',
    });
    await screen.findByRole('table');
    expect(Object.fromEntries(lastListQuery()!)).toEqual({
      page: '1',
      limit: '20',
      status: 'UPLOADED',
      sortBy: 'date',
      sortOrder: 'desc',
    });
  });

  it('clears every filter at once, keeping the order, and goes back and forward through filter changes', async () => {
    const { user, lastListQuery, router } = await setup({
      assets: [uploaded('Kulla')],
      path: '/admin/surveys/assets?name=kulla&userId=3&sort=nameAsc',
    });
    await screen.findByRole('table');
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    await user.click(clear);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=nameAsc'));
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Collector' })).toHaveValue('');
    expect(clear).toBeDisabled();
    expect(lastListQuery()?.get('name')).toBeNull();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('kulla'));
    expect(lastListQuery()?.get('name')).toBe('kulla');
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue(''));
  });

  it('downloads every asset that matches the filters, as CSV or Excel, under the name the server gives', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:assets');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, api } = await setup({
      assets: [uploaded('Kulla')],
      totalItems: 57,
      path: '/admin/surveys/assets?municipality=Prizren&userId=3&page=2',
      handlers: {
        'GET /api/surveys/assets/export': ({ url }) =>
          new Response('PK', {
            headers: {
              'Content-Disposition': `attachment; filename="survey-assets-2024-05-06.${url.searchParams.get('exportType')!.toLowerCase()}"`,
            },
          }),
      },
    });
    const downloads = await screen.findByRole('group', { name: 'Download all assets that match the filters (57)' });
    await user.click(within(downloads).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(api.calls('GET', '/api/surveys/assets/export')[0]!.url.searchParams)).toEqual({
      status: 'UPLOADED',
      municipality: 'Prizren',
      userId: '3',
      exportType: 'XLSX',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('survey-assets-2024-05-06.xlsx');

    await user.click(within(downloads).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(api.calls('GET', '/api/surveys/assets/export')[1]!.url.searchParams.get('exportType')).toBe('CSV');
    click.mockRestore();
  });

  it('says why a download failed', async () => {
    await setup({
      assets: [uploaded('Kulla')],
      handlers: { 'GET /api/surveys/assets/export': () => jsonResponse({}, 500) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Failed to download the assets')).toBeInTheDocument();
  });

  it('approves an asset with a note from its dialog and says so', async () => {
    const kulla = uploaded('Kulla', { adminNote: 'Needs photos' });
    const { user, api } = await setup({
      assets: [kulla],
      handlers: {
        [`PATCH /api/surveys/assets/${kulla.id}/status`]: ({ body }) =>
          jsonResponse({ ...kulla, ...(body as object), answers: [] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Approve Kulla/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve asset' });
    const note = within(dialog).getByRole('textbox', { name: 'Admin note' });
    expect(note).toHaveValue('Needs photos');
    await user.clear(note);
    await user.type(note, 'Checked on site');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PATCH', `/api/surveys/assets/${kulla.id}/status`)[0]?.body).toEqual({
      status: 'APPROVED',
      adminNote: 'Checked on site',
    });
    expect(await screen.findByText('Asset approved')).toBeInTheDocument();
    // The list is read again, so the approved asset leaves the Uploaded list.
    expect(api.calls('GET', '/api/surveys/assets').length).toBeGreaterThan(1);
  });

  it('keeps the reject dialog open with the reason when the change fails', async () => {
    const kulla = uploaded('Kulla');
    const { user } = await setup({
      assets: [kulla],
      handlers: { [`PATCH /api/surveys/assets/${kulla.id}/status`]: () => jsonResponse({}, 500) },
    });
    await user.click(await screen.findByRole('button', { name: /^Reject Kulla/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject asset' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update survey asset status');
  });

  it('rejects every asset that matches the filters, not only the page, with one note', async () => {
    const assets = [uploaded('Kulla'), uploaded('Ura'), uploaded('Xhamia')];
    const { user, api } = await setup({
      assets,
      totalItems: 57,
      path: '/admin/surveys/assets?datasetId=1&surveyId=7',
      handlers: {
        'PATCH /api/surveys/assets/status': () => jsonResponse({ updated: 56, matched: 57, missingIds: [] }),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select every asset on this page' }));
    const bar = screen.getByRole('region', { name: 'Review the selected assets' });
    expect(within(bar).getByText('Selected: 3')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Select all 57 that match the filters' }));
    expect(within(bar).getByText('Selected: 57')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject selected assets' });
    expect(dialog).toHaveAccessibleDescription('Assets: 57');
    await user.type(within(dialog).getByRole('textbox', { name: 'Admin note' }), 'Duplicate survey');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PATCH', '/api/surveys/assets/status')[0]?.body).toEqual({
      filter: { status: 'UPLOADED', datasetId: 1, surveyId: 7 },
      status: 'REJECTED',
      adminNote: 'Duplicate survey',
    });
    expect(await screen.findByText('Assets updated: 56 of 57')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Review the selected assets' })).not.toBeInTheDocument();
  });

  it('approves the ticked assets by id, reports the ones gone meanwhile, and clears the selection on a filter change', async () => {
    const [kulla, ura, xhamia] = [uploaded('Kulla'), uploaded('Ura'), uploaded('Xhamia')];
    const { user, api } = await setup({
      assets: [kulla!, ura!, xhamia!],
      handlers: {
        'PATCH /api/surveys/assets/status': () => jsonResponse({ updated: 1, matched: 1, missingIds: [xhamia!.id] }),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: /^Select Kulla/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Select Xhamia/ }));
    const bar = screen.getByRole('region', { name: 'Review the selected assets' });
    expect(within(bar).getByText('Selected: 2')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /that match the filters/ })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve selected assets' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A blank note in bulk leaves each asset's own note alone.
    expect(api.calls('PATCH', '/api/surveys/assets/status')[0]?.body).toEqual({
      ids: [kulla!.id, xhamia!.id],
      status: 'APPROVED',
    });
    expect(await screen.findByText('Assets updated: 1 of 1')).toBeInTheDocument();
    expect(screen.getByText(`Not found (deleted meanwhile): ${xhamia!.id.slice(0, 8)}`)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /^Select Ura/ }));
    expect(screen.getByRole('region', { name: 'Review the selected assets' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Survey' }), 'Heritage survey');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Review the selected assets' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('checkbox', { name: /^Select Ura/ })).not.toBeChecked();
  });

  it("says 'No results found' when nothing matches", async () => {
    await setup({ assets: [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows why the list failed to load, and tries again', async () => {
    let failures = 1;
    await setup({
      assets: [],
      handlers: {
        'GET /api/surveys/assets': () =>
          failures-- > 0
            ? jsonResponse({ message: 'Database unavailable' }, 500)
            : jsonResponse(pageOf([uploaded('Kulla')])),
      },
    });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Kulla' })).toBeInTheDocument();
  });
});
