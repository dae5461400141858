import { useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAutomaticGuestLogin } from '@/features/auth/api/automatic-guest-login';
import { useAppConfig } from '@/shared/api/get-app-config';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/use-session';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { useReturnTarget } from './require-session';

/**
 * For /dokumentacioni: a visitor without a session gets a guest session by themselves (spec §2),
 * the ALTCHA proof of work solved by the page. reCAPTCHA needs a person, and a failed attempt is
 * not repeated: then the visitor goes to /login as on every other route (one click as a guest).
 */
export const RequireSessionOrGuest = () => {
  const { isLoggedIn } = useSession();
  const config = useAppConfig();
  const { mutate: enterAsGuest, isError } = useAutomaticGuestLogin();
  const returnTarget = useReturnTarget();
  const started = useRef(false);
  const solvable = config.data?.captcha.provider === 'altcha';

  useEffect(() => {
    // Once per lost session: StrictMode's second effect run must not solve a second challenge.
    if (isLoggedIn) started.current = false;
    if (isLoggedIn || !solvable || started.current) return;
    started.current = true;
    enterAsGuest();
  }, [isLoggedIn, solvable, enterAsGuest]);

  if (isLoggedIn) return <Outlet />;
  if (isError || config.isError || (config.isSuccess && !solvable)) {
    return <Navigate to={paths.login.getHref(returnTarget)} replace />;
  }
  return <FullScreenLoader />;
};
