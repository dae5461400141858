import { normalizeMac, type Device } from '@trashegimia/contract/devices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { DevicesRoute } from './devices-route';

/** An in-memory devices API that keeps MAC addresses canonical and unique, as the server does. */
const createDeviceBackend = (initial: Array<Partial<Device>> = []) => {
  let nextId = 1;
  const make = (fields: Partial<Device>): Device => ({
    id: nextId++,
    mac: 'AA:BB:CC:DD:EE:01',
    model: null,
    type: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });
  let devices = initial.map(make);
  const refusals = new Map<string, Response>();
  const idOf = (url: URL) => Number(url.pathname.split('/').at(-1));
  const orNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const taken = () =>
    jsonResponse(
      { code: 'device_mac_taken', field: 'mac', message: 'A device with this MAC address already exists' },
      409,
    );

  const handlers: Parameters<typeof createApiMock>[0] = {
    'GET /api/devices': ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return jsonResponse({
        items: devices.slice((page - 1) * limit, page * limit),
        meta: { page, limit, totalItems: devices.length, totalPages: Math.ceil(devices.length / limit) },
      });
    },
    'POST /api/devices': ({ body }) => {
      const { mac, model, type } = body as Record<string, string>;
      const canonical = normalizeMac(mac!)!;
      if (devices.some((device) => device.mac === canonical)) return taken();
      const device = make({ mac: canonical, model: orNull(model), type: orNull(type) });
      devices.push(device);
      return jsonResponse(device, 201);
    },
  };
  const apiMock = createApiMock(handlers);
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const refusal = refusals.get(`${method} ${url.pathname}`);
    if (refusal) {
      refusals.delete(`${method} ${url.pathname}`);
      return refusal;
    }
    if (url.pathname.startsWith('/api/devices/mac/')) {
      const mac = normalizeMac(decodeURIComponent(url.pathname.split('/').at(-1)!));
      const device = devices.find((candidate) => candidate.mac === mac);
      return device ? jsonResponse(device) : jsonResponse({ code: 'not_found', message: 'device not found' }, 404);
    }
    if (/^\/api\/devices\/\d+$/.test(url.pathname) && method === 'PATCH') {
      const changes = JSON.parse(String(init?.body)) as Record<string, string>;
      const canonical = normalizeMac(changes.mac!)!;
      if (devices.some((device) => device.mac === canonical && device.id !== idOf(url))) return taken();
      devices = devices.map((device) =>
        device.id === idOf(url)
          ? { ...device, mac: canonical, model: orNull(changes.model), type: orNull(changes.type) }
          : device,
      );
      return jsonResponse(devices.find((device) => device.id === idOf(url)));
    }
    if (/^\/api\/devices\/\d+$/.test(url.pathname) && method === 'DELETE') {
      devices = devices.filter((device) => device.id !== idOf(url));
      return new Response(null, { status: 204 });
    }
    return apiMock.fetchMock(input, init);
  };
  return {
    fetchMock,
    devices: () => devices,
    refuseNext: (method: string, path: string, response: Response) => refusals.set(`${method} ${path}`, response),
  };
};

const setup = async (
  initial: Array<Partial<Device>> = [],
  prepare?: (backend: ReturnType<typeof createDeviceBackend>) => void,
) => {
  signInAs('admin');
  const backend = createDeviceBackend(initial);
  prepare?.(backend);
  const fetchSpy = vi.fn(backend.fetchMock);
  vi.stubGlobal('fetch', fetchSpy);
  const view = await renderRoutes([{ path: '/admin/devices', element: <DevicesRoute /> }], {
    initialPath: '/admin/devices',
  });
  const requested = () => fetchSpy.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
  return { ...view, backend, requested, user: userEvent.setup() };
};

describe('devices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each device with its MAC, model and type', async () => {
    await setup([{ mac: 'AA:BB:CC:DD:EE:01', model: 'Galaxy Tab A', type: 'tablet' }]);
    const row = (await screen.findByRole('rowheader', { name: 'AA:BB:CC:DD:EE:01' })).closest('tr')!;
    expect(within(row).getByText('Galaxy Tab A')).toBeInTheDocument();
    expect(within(row).getByText('tablet')).toBeInTheDocument();
    expect(screen.getByText('Page 1 / 1')).toBeInTheDocument();
  });

  it('says so when there are no devices', async () => {
    await setup();
    expect(await screen.findByText('No devices yet.')).toBeInTheDocument();
  });

  it("finds a device by its MAC in any common form, and says 'Device not found' otherwise", async () => {
    const { user, requested } = await setup([{ mac: 'AA:BB:CC:DD:EE:01' }, { mac: 'AA:BB:CC:DD:EE:02' }]);
    await screen.findByRole('rowheader', { name: 'AA:BB:CC:DD:EE:02' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by MAC' }), 'aa-bb-cc-dd-ee-01{Enter}');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'AA:BB:CC:DD:EE:02' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'AA:BB:CC:DD:EE:01' })).toBeInTheDocument();
    expect(requested()).toContain('GET /api/devices/mac/AA%3ABB%3ACC%3ADD%3AEE%3A01');

    await user.clear(screen.getByRole('searchbox', { name: 'Search by MAC' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by MAC' }), 'aabbccddee99{Enter}');
    expect(await screen.findByText('Device not found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('rowheader', { name: 'AA:BB:CC:DD:EE:02' })).toBeInTheDocument();
  });

  it('does not search for text that is not a MAC address', async () => {
    const { user, requested } = await setup([{ mac: 'AA:BB:CC:DD:EE:01' }]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search by MAC' }), 'tablet{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a MAC address such as AA:BB:CC:DD:EE:FF.');
    expect(requested().some((call) => call.includes('/mac/'))).toBe(false);
  });

  it('registers a device, showing its MAC in the canonical form', async () => {
    const { user, backend } = await setup();
    await screen.findByText('No devices yet.');
    await user.click(screen.getByRole('button', { name: 'New device' }));
    const dialog = await screen.findByRole('dialog', { name: 'New device' });

    await user.type(within(dialog).getByRole('textbox', { name: 'MAC address' }), 'not a mac');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a MAC address such as AA:BB:CC:DD:EE:FF.');
    expect(backend.devices()).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'MAC address' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'MAC address' }), 'a1-b2-c3-d4-e5-f6');
    await user.type(within(dialog).getByRole('textbox', { name: 'Model' }), 'Galaxy Tab A');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('rowheader', { name: 'A1:B2:C3:D4:E5:F6' })).toBeInTheDocument();
    expect(screen.getByText('Saved successfully')).toBeInTheDocument();
  });

  it('keeps the form open and says why when the MAC address is taken', async () => {
    const { user } = await setup([{ mac: 'AA:BB:CC:DD:EE:01' }]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New device' }));
    const dialog = await screen.findByRole('dialog', { name: 'New device' });
    await user.type(within(dialog).getByRole('textbox', { name: 'MAC address' }), 'aabb.ccdd.ee01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A device with this MAC address already exists.',
    );
  });

  it('edits a device, clearing its type', async () => {
    const { user, backend } = await setup([{ mac: 'AA:BB:CC:DD:EE:01', model: 'Tab A', type: 'tablet' }]);
    await user.click(await screen.findByRole('button', { name: 'Edit AA:BB:CC:DD:EE:01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit device' });
    expect(within(dialog).getByRole('textbox', { name: 'MAC address' })).toHaveValue('AA:BB:CC:DD:EE:01');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Type' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Model' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Model' }), 'Tab S9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Tab S9')).toBeInTheDocument();
    expect(screen.queryByText('tablet')).not.toBeInTheDocument();
    expect(backend.devices()[0]).toMatchObject({ model: 'Tab S9', type: null });
  });

  it('deletes a device only after confirmation, and says why when the server refuses', async () => {
    const { user, backend } = await setup([{ mac: 'AA:BB:CC:DD:EE:01' }, { mac: 'AA:BB:CC:DD:EE:02' }]);
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete AA:BB:CC:DD:EE:01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete device?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.devices()).toHaveLength(2);

    backend.refuseNext(
      'DELETE',
      `/api/devices/${backend.devices()[1]!.id}`,
      jsonResponse({ code: 'device_has_assets', message: 'This device has sent assets and cannot be deleted' }, 409),
    );
    await user.click(screen.getByRole('button', { name: 'Delete AA:BB:CC:DD:EE:02' }));
    const refused = await screen.findByRole('dialog', { name: 'Delete device?' });
    await user.click(within(refused).getByRole('button', { name: 'Delete' }));
    expect(await within(refused).findByRole('alert')).toHaveTextContent(
      'This device has sent assets, so it cannot be deleted.',
    );
    await user.click(within(refused).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete AA:BB:CC:DD:EE:01' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'AA:BB:CC:DD:EE:01' })).not.toBeInTheDocument());
    expect(await screen.findByText('Device deleted')).toBeInTheDocument();
    expect(backend.devices().map((device) => device.mac)).toEqual(['AA:BB:CC:DD:EE:02']);
  });

  it("says 'Failed to load' with the reason, and tries again", async () => {
    const { user } = await setup([{ mac: 'AA:BB:CC:DD:EE:01' }], (backend) =>
      backend.refuseNext('GET', '/api/devices', jsonResponse({ message: 'Database unavailable' }, 500)),
    );
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Failed to load')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'AA:BB:CC:DD:EE:01' })).toBeInTheDocument();
  });
});
