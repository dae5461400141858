import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';

/** Header, the page, footer; with a skip link as the first stop for keyboard users. */
export const AppLayout = () => {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink label={t('skipToContent')} />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold instead of jumping down as the page loads. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-h-dvh flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
};

export const SkipLink = ({ label }: { label: string }) => (
  <a
    href={`#${MAIN_CONTENT_ID}`}
    className="sr-only z-50 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2 focus:shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-amber-500"
  >
    {label}
  </a>
);
