import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendApiRequest } from '@/shared/api/api-client';

/**
 * DELETE /api/users/{id}; the server refuses to delete one's own account or the last administrator
 * (409); fallback 'Failed to delete user'.
 */
export const deleteUser = async (id: number) => {
  await sendApiRequest(`/users/${id}`, { method: 'DELETE', fallback: 'deleteUserFailed' });
};

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
};
