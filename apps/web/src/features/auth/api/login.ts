import { useMutation } from '@tanstack/react-query';
import { LoginResponse, type LoginBody } from '@trashegimia/contract/auth';
import { apiRequest } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/use-session';

/** POST /api/auth/login {userName, password, captcha}; fallback 'Login failed. Check your credentials.' */
export const login = (body: LoginBody) =>
  apiRequest('/auth/login', {
    method: 'POST',
    body,
    schema: LoginResponse,
    fallback: 'loginFailed',
    authenticate: false,
  });

/** Logs in and stores the session (token, user id, role; guest false). */
export const useLogin = () => {
  const { signIn } = useSession();
  return useMutation({ mutationFn: login, onSuccess: signIn });
};
