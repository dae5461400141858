import { ROLE } from '@trashegimia/contract/common';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSignOut } from '@/features/auth/api/logout';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/use-session';
import { buttonClasses } from '@/shared/ui/button';
import { DisclosureMenu } from '@/shared/ui/disclosure-menu';
import { ChevronDownIcon, HomeIcon, LogOutIcon, UserIcon } from '@/shared/ui/icons';
import { useToast } from '@/shared/ui/use-toast';

const ADMIN_ITEMS = [
  { to: paths.admin.surveys.getHref(), label: 'userMenu.surveys' },
  { to: paths.admin.assets.getHref(), label: 'userMenu.assets' },
  { to: paths.admin.imports.getHref(), label: 'userMenu.imports' },
  { to: paths.admin.questionLibrary.getHref(), label: 'userMenu.questionLibrary' },
  { to: paths.admin.devices.getHref(), label: 'userMenu.devices' },
  { to: paths.admin.users.getHref(), label: 'userMenu.users' },
  { to: paths.admin.accessRequests.getHref(), label: 'userMenu.accessRequests' },
  { to: paths.admin.datasets.getHref(), label: 'userMenu.datasets' },
  { to: paths.admin.guidelines.getHref(), label: 'userMenu.guidelines' },
] as const;

const itemClasses =
  'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900 focus-visible:bg-stone-100 focus-visible:outline-none';

/**
 * A login button for visitors; for a session, a menu named by the role (Guest, User or Admin).
 * Only admins (role 2) get the back-office links (spec §2, §6); every account, but not a guest, can
 * change its own password; everyone can sign out.
 */
export const UserMenu = () => {
  const { t } = useTranslation();
  const { session, isLoggedIn, isAdmin } = useSession();
  const signOut = useSignOut();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();

  if (!isLoggedIn) {
    return (
      <Link
        to={paths.login.getHref(location.pathname + location.search)}
        className={buttonClasses('primary', 'py-1.5')}
      >
        {t('auth.login')}
      </Link>
    );
  }

  const roleLabel = session.isGuest
    ? t('roles.guest')
    : session.role === ROLE.ADMIN
      ? t('roles.admin')
      : t('roles.user');

  const handleSignOut = async () => {
    // The server ends the token before this page forgets it (useSignOut), so a copy stops working too.
    await navigate(paths.login.getHref(), { replace: true });
    await signOut();
    showToast({ message: t('session.signedOut'), tone: 'success' });
  };

  return (
    <DisclosureMenu
      triggerLabel={t('userMenu.label', { role: roleLabel })}
      triggerClassName="inline-flex items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 aria-expanded:bg-stone-100"
      trigger={
        <>
          <UserIcon className="size-4 text-brand-700" />
          {/* On a phone the icon alone, so the header fits 360 px; the button's label still names the role. */}
          <span className="hidden sm:inline">{roleLabel}</span>
          <ChevronDownIcon className="size-4 text-stone-500" />
        </>
      }
    >
      {isAdmin && (
        <>
          <p className="px-4 pt-1.5 pb-1 text-xs font-semibold tracking-wider text-stone-500 uppercase">
            {t('userMenu.administration')}
          </p>
          <ul>
            {ADMIN_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={itemClasses}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
          <hr className="my-1.5 border-stone-200" />
        </>
      )}
      {!session.isGuest && (
        <Link to={paths.collect.getHref()} className={itemClasses}>
          <HomeIcon className="size-4 text-stone-500" />
          {t('userMenu.collect')}
        </Link>
      )}
      {!session.isGuest && (
        <Link to={paths.ownPassword.getHref()} className={itemClasses}>
          <UserIcon className="size-4 text-stone-500" />
          {t('userMenu.changePassword')}
        </Link>
      )}
      <button type="button" className={itemClasses} onClick={() => void handleSignOut()}>
        <LogOutIcon className="size-4 text-stone-500" />
        {t('auth.logout')}
      </button>
    </DisclosureMenu>
  );
};
