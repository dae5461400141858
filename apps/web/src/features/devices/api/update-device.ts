import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Device, type UpdateDeviceBody } from '@trashegimia/contract/devices';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/devices/{id}: model and type are cleared with ''; fallback 'Failed to update device'. */
export const updateDevice = ({ id, ...body }: UpdateDeviceBody & { id: number }) =>
  apiRequest(`/devices/${id}`, { method: 'PATCH', body, schema: Device, fallback: 'updateDeviceFailed' });

export const useUpdateDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
};
