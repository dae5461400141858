import { queryOptions, useQuery } from '@tanstack/react-query';
import { Device } from '@trashegimia/contract/devices';
import { apiRequest } from '@/shared/api/api-client';

/** GET /api/devices/mac/{mac}: any common form of the address finds the device; fallback 'Failed to fetch device'. */
export const getDeviceByMac = (mac: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/devices/mac/${encodeURIComponent(mac)}`, { schema: Device, fallback: 'fetchDeviceFailed', signal });

export const getDeviceByMacQueryOptions = (mac: string) =>
  queryOptions({
    queryKey: ['devices', 'mac', mac],
    queryFn: ({ signal }) => getDeviceByMac(mac, { signal }),
  });

export const useDeviceByMac = (mac: string | null) =>
  useQuery({ ...getDeviceByMacQueryOptions(mac ?? ''), enabled: mac !== null });
