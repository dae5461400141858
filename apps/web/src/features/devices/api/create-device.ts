import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Device, type CreateDeviceBody } from '@trashegimia/contract/devices';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/devices; a MAC address already registered is refused (409); fallback 'Failed to create device'. */
export const createDevice = (body: CreateDeviceBody) =>
  apiRequest('/devices', { method: 'POST', body, schema: Device, fallback: 'createDeviceFailed' });

export const useCreateDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
};
