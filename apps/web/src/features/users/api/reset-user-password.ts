import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@trashegimia/contract/users';
import { sendApiRequest } from '@/shared/api/api-client';

/** PATCH /api/users/{id}/password: an administrator sets a new password for someone's account. */
export const resetUserPassword = async ({ id, ...body }: ResetPasswordBody & { id: number }) => {
  await sendApiRequest(`/users/${id}/password`, { method: 'PATCH', body, fallback: 'resetPasswordFailed' });
};

/** Nothing on the list changes, so there is nothing to refetch. */
export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });
