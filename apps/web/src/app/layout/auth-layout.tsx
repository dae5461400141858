import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '@/shared/config/paths';
import { Logo } from '@/shared/ui/logo';
import { MAIN_CONTENT_ID, SkipLink } from './app-layout';
import { LanguageSwitcher } from './language-switcher';

/** The frame of the login page: the mark, the language switcher, the form centred on a warm ground. */
export const AuthLayout = () => {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="auth-backdrop flex min-h-dvh flex-col">
      <SkipLink label={t('skipToContent')} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-600"
        >
          <Logo className="size-10" />
          <span className="flex flex-col leading-tight">
            <span className="font-serif text-xl font-semibold text-brand-900">{t('appName')}</span>
            <span className="text-xs text-stone-600">{t('tagline')}</span>
          </span>
        </Link>
        <LanguageSwitcher />
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 focus:outline-none sm:items-center sm:pt-0"
      >
        <Outlet />
      </main>
      <footer className="px-4 py-5 text-center text-xs text-stone-500">{t('footer.copyright', { year })}</footer>
    </div>
  );
};
