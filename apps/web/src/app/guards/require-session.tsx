import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/use-session';

/** The current location as a return target for the login page. */
export const useReturnTarget = () => {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
};

/**
 * Ordinary routes need a login or guest session (spec §2); without one the visitor goes to
 * /login, which sends them back here afterwards. Because the guard reads the live session, it
 * also fires when the session ends while on the page (sign out, or a 401 cleared it).
 */
export const RequireSession = () => {
  const { isLoggedIn } = useSession();
  const returnTarget = useReturnTarget();
  if (!isLoggedIn) return <Navigate to={paths.login.getHref(returnTarget)} replace />;
  return <Outlet />;
};
