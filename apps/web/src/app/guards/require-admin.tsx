import { Navigate, Outlet } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/use-session';
import { useReturnTarget } from './require-session';

/**
 * Back-office routes need role 2 (back office §6; docs/decisions/0012 guards every admin route): without a
 * session → /login with the return location; a guest or a non-admin user → home.
 */
export const RequireAdmin = () => {
  const { isLoggedIn, isAdmin } = useSession();
  const returnTarget = useReturnTarget();
  if (!isLoggedIn) return <Navigate to={paths.login.getHref(returnTarget)} replace />;
  if (!isAdmin) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
};
