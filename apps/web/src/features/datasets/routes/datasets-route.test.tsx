import type { Dataset } from '@trashegimia/contract/datasets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeDataset, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { DatasetsRoute } from './datasets-route';

const setup = async (datasets: Dataset[], handlers: Parameters<typeof createApiMock>[0] = {}) => {
  signInAs('admin');
  const api = createApiMock({
    'GET /api/datasets': () =>
      jsonResponse({ items: datasets, meta: { page: 1, limit: 20, totalItems: datasets.length, totalPages: 1 } }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes([{ path: '/admin/datasets', element: <DatasetsRoute /> }], {
    initialPath: '/admin/datasets',
  });
  return { ...view, api, user: userEvent.setup() };
};

describe('datasets', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every dataset, inactive ones too, with its three descriptions, colour and active flag', async () => {
    const { api } = await setup([
      makeDataset({ id: 1, name: 'Monumente', pillColor: '#8B4513' }),
      makeDataset({ id: 2, name: 'Ura', pillColor: null, isActive: false, descriptionEn: null }),
    ]);
    const monuments = (await screen.findByRole('rowheader', { name: 'Monumente' })).closest('tr')!;
    expect(within(monuments).getByText('Monumente të arkitekturës')).toBeInTheDocument();
    expect(within(monuments).getByText('Architectural monuments')).toBeInTheDocument();
    expect(within(monuments).getByText('Arhitektonski spomenici')).toBeInTheDocument();
    expect(within(monuments).getByText('#8B4513')).toBeInTheDocument();
    expect(within(monuments).getByText('Active')).toBeInTheDocument();
    const bridges = screen.getByRole('rowheader', { name: 'Ura' }).closest('tr')!;
    expect(within(bridges).getByText('Inactive')).toBeInTheDocument();
    expect(api.calls('GET', '/api/datasets')[0]?.url.searchParams.get('includeInactive')).toBe('true');
  });

  it('says so when there are no datasets', async () => {
    await setup([]);
    expect(await screen.findByText('No datasets yet.')).toBeInTheDocument();
  });

  it('creates a dataset with three names: the Albanian one is required, the colour starts as #000000 and must be hex', async () => {
    const { user, api } = await setup([], {
      'POST /api/datasets': ({ body }) => jsonResponse(makeDataset({ id: 9, ...(body as object) }), 201),
    });
    await screen.findByText('No datasets yet.');
    await user.click(screen.getByRole('button', { name: 'New dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dataset' });
    const color = within(dialog).getByRole('textbox', { name: 'Pill colour' });
    expect(color).toHaveValue('#000000');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the Albanian name to save.');

    await user.type(within(dialog).getByRole('textbox', { name: 'Name (XK)' }), 'Kalatë');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (EN)' }), 'Castles');
    await user.clear(color);
    await user.type(color, 'green');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a hex colour such as #1A7F5A.');
    expect(api.calls('POST', '/api/datasets')).toHaveLength(0);

    await user.clear(color);
    await user.type(color, '#1A7F5A');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (EN)' }), 'Castles');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/datasets')[0]?.body).toEqual({
      nameXk: 'Kalatë',
      nameEn: 'Castles',
      nameSr: '',
      descriptionXk: '',
      descriptionEn: 'Castles',
      descriptionSr: '',
      pillColor: '#1A7F5A',
      isActive: true,
    });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it('deactivates a dataset from its edit form', async () => {
    const { user, api } = await setup([makeDataset({ id: 4, name: 'Monumente' })], {
      'PATCH /api/datasets/4': ({ body }) => jsonResponse(makeDataset({ id: 4, ...(body as object) })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Monumente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit dataset' });
    expect(within(dialog).getByRole('textbox', { name: 'Pill colour' })).toHaveValue('#8B4513');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active (shown on the public pages)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PATCH', '/api/datasets/4')[0]?.body).toMatchObject({ nameXk: 'Monumente', isActive: false });
  });

  it('lists a dataset under its English name, and edits or clears its names in the three languages', async () => {
    const monuments = makeDataset({ id: 4, name: 'Monumente', nameEn: 'Monuments', nameSr: 'Spomenici' });
    const { user, api } = await setup([monuments], {
      'PATCH /api/datasets/4': ({ body }) => jsonResponse({ ...monuments, ...(body as object) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Monuments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit dataset' });
    expect(within(dialog).getByRole('textbox', { name: 'Name (XK)' })).toHaveValue('Monumente');
    expect(within(dialog).getByRole('textbox', { name: 'Name (SR)' })).toHaveValue('Spomenici');
    const english = within(dialog).getByRole('textbox', { name: 'Name (EN)' });
    await user.clear(english);
    await user.type(english, 'Architectural monuments');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name (SR)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PATCH', '/api/datasets/4')[0]?.body).toMatchObject({
      nameXk: 'Monumente',
      nameEn: 'Architectural monuments',
      nameSr: '',
    });
  });

  it('asks before deleting, and explains that a dataset with assets must be deactivated instead', async () => {
    const { user, api } = await setup([makeDataset({ id: 4, name: 'Monumente' })], {
      'DELETE /api/datasets/4': () =>
        jsonResponse({ code: 'dataset_has_assets', message: 'This dataset has assets and cannot be deleted' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Monumente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dataset?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(api.calls('DELETE', '/api/datasets/4')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This dataset has assets, so it cannot be deleted. Deactivate it instead.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('rowheader', { name: 'Monumente' })).toBeInTheDocument();
  });

  it("says 'Failed to load' with the reason, and tries again", async () => {
    let failures = 1;
    await setup([], {
      'GET /api/datasets': () =>
        failures-- > 0
          ? jsonResponse({ message: 'Database unavailable' }, 500)
          : jsonResponse({ items: [], meta: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } }),
    });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No datasets yet.')).toBeInTheDocument();
  });
});
