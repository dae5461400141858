import type { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type {
  CreateDeviceBody,
  Device,
  DeviceList,
  DeviceListQuery,
  UpdateDeviceBody,
} from '@trashegimia/contract/devices';
import type { Database, Executor } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { pageMeta } from '../../http/paging';
import { deviceHasAssets } from '../assets';
import { recordAudit } from '../audit/audit.service';
import { assertAdmin } from '../auth';
import { presentDevice } from './devices.presenter';
import {
  deleteDeviceById,
  findDeviceById,
  findDeviceByMac,
  insertDevice,
  selectDevices,
  updateDevice,
} from './devices.repo';

const deviceNotFound = () => notFound('device');

/** Policy: the field devices are the back office's business, administrators only. */
export async function listDevices(
  db: Executor,
  viewer: TokenClaims | null,
  query: z.output<typeof DeviceListQuery>,
): Promise<DeviceList> {
  assertAdmin(viewer);
  const { rows, total } = await selectDevices(db, query);
  return { items: rows.map(presentDevice), meta: pageMeta(query, total) };
}

/** GET /devices/mac/{mac}: `mac` is already in canonical form (the contract normalises it). */
export async function getDeviceByMac(db: Executor, viewer: TokenClaims | null, mac: string): Promise<Device> {
  assertAdmin(viewer);
  const row = await findDeviceByMac(db, mac);
  if (!row) throw deviceNotFound();
  return presentDevice(row);
}

/** The registered device with this (canonical) MAC address, for field submissions; null when there is none. */
export async function registeredDeviceId(db: Executor, mac: string): Promise<number | null> {
  return (await findDeviceByMac(db, mac))?.id ?? null;
}

export async function createDevice(
  db: Database,
  viewer: TokenClaims | null,
  body: z.output<typeof CreateDeviceBody>,
): Promise<Device> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const row = await insertDevice(tx, { mac: body.mac, model: body.model ?? null, type: body.type ?? null });
    const presented = presentDevice(row);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'device.create',
      subjectType: 'device',
      subjectId: String(row.id),
      after: presented,
    });
    return presented;
  });
}

export async function changeDevice(
  db: Database,
  viewer: TokenClaims | null,
  id: number,
  body: z.output<typeof UpdateDeviceBody>,
): Promise<Device> {
  assertAdmin(viewer);
  return db.transaction(async (tx) => {
    const before = await findDeviceById(tx, id);
    if (!before) throw deviceNotFound();
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const after = Object.keys(changes).length === 0 ? before : (await updateDevice(tx, id, changes))!;
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'device.update',
      subjectType: 'device',
      subjectId: String(id),
      before: presentDevice(before),
      after: presentDevice(after),
    });
    return presentDevice(after);
  });
}

/**
 * A device that sent assets is kept (409): the database would otherwise quietly clear the assets'
 * device (ON DELETE SET NULL) and with it the record of where each submission came from. A device
 * that sent nothing (registered by mistake, or never used) can go. To correct a device that is in
 * use, change its MAC address, model or type instead.
 */
export async function deleteDevice(db: Database, viewer: TokenClaims | null, id: number) {
  assertAdmin(viewer);
  await db.transaction(async (tx) => {
    // Locked first: an asset naming the device waits for this transaction, so none slips in after the check.
    const device = await findDeviceById(tx, id, { forUpdate: true });
    if (!device) throw deviceNotFound();
    if (await deviceHasAssets(tx, id)) {
      throw conflict('This device has sent assets and cannot be deleted', 'device_has_assets');
    }
    await deleteDeviceById(tx, id);
    await recordAudit(tx, {
      actorId: viewer.userId,
      action: 'device.delete',
      subjectType: 'device',
      subjectId: String(id),
      before: presentDevice(device),
    });
  });
}
