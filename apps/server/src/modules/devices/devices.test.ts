import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeMac } from '@trashegimia/contract/devices';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { assets, auditLog, devices } from '../../db/schema/index';
import { createAsset, createDataset, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;
let admin: Record<string, string>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  admin = await asAdmin(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let macCounter = 0;
/** A MAC address no other test uses, in canonical form. */
const uniqueMac = () => {
  const hex = (++macCounter).toString(16).padStart(6, '0').toUpperCase();
  return `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
};

const createDevice = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/devices', headers: admin, payload });

describe('normalizeMac', () => {
  it('reads every common way of writing a MAC address as one canonical form', () => {
    for (const written of [
      'a4:5e:60:c1:22:01',
      'A4-5E-60-C1-22-01',
      'a45e.60c1.2201',
      'A45E60C12201',
      ' a4:5E:60:c1:22:01 ',
    ]) {
      expect(normalizeMac(written), written).toBe('A4:5E:60:C1:22:01');
    }
  });

  it('refuses text that is not a MAC address', () => {
    for (const bad of [
      '',
      'a4:5e:60:c1:22',
      'a4:5e:60:c1:22:01:99',
      'a4:5e-60:c1:22:01',
      'g4:5e:60:c1:22:01',
      'a45e60c1220',
    ]) {
      expect(normalizeMac(bad), bad).toBeNull();
    }
  });
});

describe('devices', () => {
  it('registers a device under its canonical MAC address, finds it by any spelling of it, and records who did it', async () => {
    const mac = uniqueMac();
    const created = await createDevice({
      mac: mac.toLowerCase().replaceAll(':', '-'),
      model: 'Pixel 7a',
      type: 'phone',
    });
    expect(created.statusCode).toBe(201);
    const device = created.json();
    expect(device).toMatchObject({ mac, model: 'Pixel 7a', type: 'phone' });

    const bare = mac.replaceAll(':', '').toLowerCase();
    const found = await app.inject({ url: `/api/devices/mac/${bare}`, headers: admin });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(device);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'device'), eq(auditLog.subjectId, String(device.id))));
    expect(entry).toMatchObject({ action: 'device.create', after: expect.objectContaining({ mac }) });
  });

  it('refuses a second device with the same MAC address however it is written, on create and on change', async () => {
    const mac = uniqueMac();
    expect((await createDevice({ mac })).statusCode).toBe(201);
    const duplicate = await createDevice({ mac: mac.replaceAll(':', '').toLowerCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'device_mac_taken', field: 'mac' });

    const other = (await createDevice({ mac: uniqueMac() })).json();
    const clash = await app.inject({
      method: 'PATCH',
      url: `/api/devices/${other.id}`,
      headers: admin,
      payload: { mac },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().field).toBe('mac');
  });

  it('answers a malformed MAC address with 400 naming mac, in a body and in the lookup path', async () => {
    const created = await createDevice({ mac: 'not-a-mac', model: 'X' });
    expect(created.statusCode).toBe(400);
    expect(created.json().field).toBe('mac');
    const missing = await createDevice({ model: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'mac', message: 'mac is required' });
    const lookup = await app.inject({ url: '/api/devices/mac/12345', headers: admin });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().field).toBe('mac');
    expect(await database.db.select().from(devices).where(eq(devices.model, 'X'))).toHaveLength(0);
  });

  it('answers 404 for a MAC address no device has', async () => {
    const response = await app.inject({ url: `/api/devices/mac/${uniqueMac()}`, headers: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('device_not_found');
  });

  it('changes only the fields sent, and clears model or type given null', async () => {
    const device = (await createDevice({ mac: uniqueMac(), model: 'Galaxy Tab', type: 'tablet' })).json();
    const newMac = uniqueMac();
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/devices/${device.id}`,
      headers: admin,
      payload: { mac: newMac.toLowerCase(), type: null },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: device.id, mac: newMac, model: 'Galaxy Tab', type: null });
    const missing = await app.inject({ method: 'PATCH', url: '/api/devices/999999', headers: admin, payload: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('lists devices a page at a time, sorted as asked', async () => {
    await createDevice({ mac: uniqueMac(), model: 'AAA first' });
    await createDevice({ mac: uniqueMac(), model: 'ZZZ last' });
    const page = await app.inject({ url: '/api/devices?page=1&limit=2&sortBy=model&sortOrder=desc', headers: admin });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.items[0].model).toBe('ZZZ last');
    expect(body.meta).toMatchObject({ page: 1, limit: 2, totalPages: Math.ceil(body.meta.totalItems / 2) });
    const badSort = await app.inject({ url: '/api/devices?sortBy=colour', headers: admin });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().field).toBe('sortBy');
  });

  it('deletes a device that sent nothing, and keeps one that sent assets so their origin stays known', async () => {
    const unused = (await createDevice({ mac: uniqueMac() })).json();
    const deleted = await app.inject({ method: 'DELETE', url: `/api/devices/${unused.id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect(await database.db.select().from(devices).where(eq(devices.id, unused.id))).toHaveLength(0);

    const used = (await createDevice({ mac: uniqueMac() })).json();
    const asset = await createAsset(database.db, {
      surveyId: (await createSurvey(database.db)).id,
      datasetId: (await createDataset(database.db)).id,
      deviceId: used.id,
    });
    const refused = await app.inject({ method: 'DELETE', url: `/api/devices/${used.id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('device_has_assets');
    const [kept] = await database.db.select().from(assets).where(eq(assets.id, asset.id));
    expect(kept!.deviceId).toBe(used.id);

    expect((await app.inject({ method: 'DELETE', url: '/api/devices/999999', headers: admin })).statusCode).toBe(404);
  });

  it('refuses every call to anonymous visitors (401), guests and users (403), before reading what they sent', async () => {
    const device = (await createDevice({ mac: uniqueMac() })).json();
    const calls = [
      { method: 'GET', url: '/api/devices' },
      { method: 'GET', url: `/api/devices/mac/${device.mac}` },
      { method: 'POST', url: '/api/devices', payload: { mac: uniqueMac() } },
      { method: 'PATCH', url: `/api/devices/${device.id}`, payload: { model: 'taken over' } },
      { method: 'DELETE', url: `/api/devices/${device.id}` },
    ] as const;
    for (const [headers, status] of [
      [{}, 401],
      [await asGuest(), 403],
      [await asUser(database.db), 403],
    ] as const) {
      for (const call of calls) {
        const response = await app.inject({ ...call, headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(status);
      }
    }
    // Even a malformed body is refused for who sends it, not for what it holds.
    const anonymous = await app.inject({ method: 'POST', url: '/api/devices', payload: { mac: 'bad' } });
    expect(anonymous.statusCode).toBe(401);
    const [unchanged] = await database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(unchanged!.model).toBeNull();
  });
});
