import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { Logo } from '@/shared/ui/logo';
import { cn } from '@/shared/ui/cn';

/** The logo, name and tagline, linking home: large on the login page, compact in the header. */
export const BrandLink = ({ size }: { size: 'large' | 'compact' }) => {
  const { t } = useTranslation();
  const large = size === 'large';
  return (
    <Link
      to={paths.home.getHref()}
      className="flex shrink-0 items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-600"
    >
      <Logo className={large ? 'size-10' : 'size-9'} />
      <span className="flex flex-col leading-tight">
        <span className={cn('font-serif font-semibold text-brand-900', large ? 'text-xl' : 'text-lg')}>
          {t('appName')}
        </span>
        <span className={cn('text-xs', large ? 'text-stone-600' : 'hidden text-stone-500 sm:block')}>
          {t('tagline')}
        </span>
      </span>
    </Link>
  );
};
