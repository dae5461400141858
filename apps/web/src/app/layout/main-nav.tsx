import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/shared/config/paths';
import { cn } from '@/shared/ui/cn';

const NAV_ITEMS = [
  { to: paths.home.getHref(), label: 'nav.home', end: true },
  { to: paths.data.getHref(), label: 'nav.data', end: false },
  { to: paths.analytics.getHref(), label: 'nav.analytics', end: false },
  { to: paths.archive.getHref(), label: 'nav.archive', end: false },
  { to: paths.map.getHref(), label: 'nav.map', end: false },
  { to: paths.documentation.getHref(), label: 'nav.documentation', end: false },
] as const;

type MainNavProps = {
  id?: string;
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
};

/** Home, Data, Analytics Tools, Visual Archive, Interactive Map, Documentation and Forms (spec §2). */
export const MainNav = ({ id, orientation, onNavigate }: MainNavProps) => {
  const { t } = useTranslation();
  return (
    <nav id={id} aria-label={t('nav.label')}>
      <ul className={cn('flex', orientation === 'horizontal' ? 'items-center gap-1' : 'flex-col gap-1')}>
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600',
                  isActive ? 'bg-brand-100 text-brand-900' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
                )
              }
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};
