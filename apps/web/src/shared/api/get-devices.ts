import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DeviceList, type DeviceListQuery as DeviceListQuerySchema } from '@trashegimia/contract/devices';
import type { z } from 'zod';
import { apiRequest } from './api-client';

/** What the page sends: the contract's parsed query, every field optional. */
export type DeviceListQuery = Partial<z.output<typeof DeviceListQuerySchema>>;

/** GET /api/devices: a page of devices; fallback 'Failed to fetch devices'. */
export const getDevices = (query: DeviceListQuery, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/devices', { query, schema: DeviceList, fallback: 'fetchDevicesFailed', signal });

export const getDevicesQueryOptions = (query: DeviceListQuery) =>
  queryOptions({
    queryKey: ['devices', 'list', query],
    queryFn: ({ signal }) => getDevices(query, { signal }),
  });

/** Keeps the previous page on screen while the next one loads. */
export const useDevices = (query: DeviceListQuery, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getDevicesQueryOptions(query), placeholderData: keepPreviousData, enabled });
