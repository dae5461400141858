import { useMutation } from '@tanstack/react-query';
import { GuestResponse, type GuestBody } from '@trashegimia/contract/auth';
import { apiRequest } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/use-session';

/** POST /api/auth/guest {captcha}; fallback 'Guest login failed'. */
export const guestLogin = (body: GuestBody) =>
  apiRequest('/auth/guest', {
    method: 'POST',
    body,
    schema: GuestResponse,
    fallback: 'guestLoginFailed',
    authenticate: false,
  });

/** Enters as a guest and stores the session (token; no user id or role; guest true). */
export const useGuestLogin = () => {
  const { enterAsGuest } = useSession();
  return useMutation({ mutationFn: guestLogin, onSuccess: enterAsGuest });
};
