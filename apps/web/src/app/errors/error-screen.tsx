import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { buttonClasses } from '@/shared/ui/button';
import { HomeIcon } from '@/shared/ui/icons';
import { Logo } from '@/shared/ui/logo';

type ErrorScreenProps = {
  status: string;
  title: string;
  /** The spec's wording of the router's message, kept verbatim in every language. */
  technical: string;
  description: string;
  actions?: ReactNode;
};

export const ErrorScreen = ({ status, title, technical, description, actions }: ErrorScreenProps) => {
  const { t } = useTranslation('errors');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <title>{`${title} · ${t('appName', { ns: 'common' })}`}</title>
      <Logo className="size-14 opacity-90" />
      <p className="mt-6 font-serif text-5xl font-semibold text-brand-700">{status}</p>
      <h1 className="mt-3 font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 rounded bg-stone-200/70 px-2 py-1 font-mono text-sm break-all text-stone-700">{technical}</p>
      <p className="mt-4 text-stone-600">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home.getHref()} className={buttonClasses('primary')}>
          <HomeIcon className="size-4" />
          {t('router.backHome')}
        </Link>
        {actions}
      </div>
    </section>
  );
};
