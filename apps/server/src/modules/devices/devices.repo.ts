import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeviceListQuery } from '@trashegimia/contract/devices';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema/index';
import { conflict, sqlState, UNIQUE_VIOLATION } from '../../errors';
import { offsetOf } from '../../http/paging';

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceValues = { mac: string; model: string | null; type: string | null };

const SORT_COLUMNS = {
  id: devices.id,
  mac: devices.mac,
  model: devices.model,
  type: devices.type,
  createdAt: devices.createdAt,
} as const;

export async function selectDevices(db: Executor, query: z.output<typeof DeviceListQuery>) {
  // Devices without a model or type come last either way, not first when sorting downwards.
  const order = sql`${SORT_COLUMNS[query.sortBy]} ${sql.raw(query.sortOrder === 'desc' ? 'desc' : 'asc')} nulls last`;
  const [rows, [total]] = await Promise.all([
    db.select().from(devices).orderBy(order, asc(devices.id)).limit(query.limit).offset(offsetOf(query)),
    db.select({ value: count() }).from(devices),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** `forUpdate` holds the row until the transaction ends, so no asset can start using it meanwhile. */
export async function findDeviceById(db: Executor, id: number, { forUpdate = false } = {}) {
  const query = db.select().from(devices).where(eq(devices.id, id)).limit(1);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/** Compared as the unique index does (devices_mac_lower_key), so rows stored before normalisation are found too. */
export async function findDeviceByMac(db: Executor, mac: string) {
  const [row] = await db
    .select()
    .from(devices)
    .where(eq(sql`lower(${devices.mac})`, mac.toLowerCase()))
    .limit(1);
  return row;
}

export async function insertDevice(db: Executor, values: DeviceValues): Promise<DeviceRow> {
  return translateDuplicate(async () => (await db.insert(devices).values(values).returning())[0]!);
}

export async function updateDevice(db: Executor, id: number, values: Partial<DeviceValues>) {
  return translateDuplicate(
    async () => (await db.update(devices).set(values).where(eq(devices.id, id)).returning())[0],
  );
}

export async function deleteDeviceById(db: Executor, id: number) {
  await db.delete(devices).where(eq(devices.id, id));
}

async function translateDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw conflict('A device with this MAC address already exists', 'device_mac_taken', 'mac');
    throw error;
  }
}
