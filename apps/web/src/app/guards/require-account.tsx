import { Navigate, Outlet } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/use-session';
import { useReturnTarget } from './require-session';

/**
 * Screens for accounts (role 1 or 2), not guests, such as the field collector: without a session
 * → /login with the return location; a guest → home.
 */
export const RequireAccount = () => {
  const { isLoggedIn, isGuest } = useSession();
  const returnTarget = useReturnTarget();
  if (!isLoggedIn) return <Navigate to={paths.login.getHref(returnTarget)} replace />;
  if (isGuest) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
};
