import { useMutation } from '@tanstack/react-query';
import { OwnPasswordChanged, type ChangeOwnPasswordBody } from '@trashegimia/contract/users';
import { apiRequest } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/use-session';

/**
 * PATCH /api/users/me/password: one's own password, proven with the current one; a wrong current
 * password is a 400 naming `currentPassword`. The change ends every session opened with the old
 * password, so the answer carries a fresh token for this one.
 */
export const changeOwnPassword = (body: ChangeOwnPasswordBody) =>
  apiRequest('/users/me/password', {
    method: 'PATCH',
    body,
    schema: OwnPasswordChanged,
    fallback: 'changePasswordFailed',
  });

/** Keeps this page logged in by storing the fresh token the answer carries. */
export const useChangeOwnPassword = () => {
  const { renewToken } = useSession();
  return useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: ({ access_token }) => renewToken(access_token),
  });
};
