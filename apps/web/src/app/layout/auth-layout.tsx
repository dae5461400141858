import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from './app-layout';
import { LanguageSwitcher } from './language-switcher';
import { BrandLink } from './brand-link';

/** The frame of the login page: the mark, the language switcher, the form centred on a warm ground. */
export const AuthLayout = () => {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="auth-backdrop flex min-h-dvh flex-col">
      <SkipLink label={t('skipToContent')} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        <BrandLink size="large" />
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
