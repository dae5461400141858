import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/** DELETE /api/devices/{id}; a device that has sent assets is refused (409); fallback 'Failed to delete device'. */
export const deleteDevice = async (id: number) => {
  await sendApiRequest(`/devices/${id}`, { method: 'DELETE', fallback: 'deleteDeviceFailed' });
};

export const useDeleteDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
};
