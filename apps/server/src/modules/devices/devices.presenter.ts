import type { Device } from '@trashegimia/contract/devices';
import type { DeviceRow } from './devices.repo';

export const presentDevice = (row: DeviceRow): Device => ({
  id: row.id,
  mac: row.mac,
  model: row.model,
  type: row.type,
  createdAt: row.createdAt.toISOString(),
});
