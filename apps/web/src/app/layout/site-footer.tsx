import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { Logo } from '@/shared/ui/logo';

export const SiteFooter = () => {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <footer className="mt-auto border-t border-stone-200 bg-stone-100/80">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <Logo className="size-8" />
          <div>
            <p className="font-serif font-semibold text-brand-900">{t('appName')}</p>
            <p className="text-sm text-stone-600">{t('footer.description')}</p>
          </div>
        </div>
        <nav aria-label={t('footer.links')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            <li>
              <Link
                to={paths.about.getHref()}
                className="text-stone-700 underline-offset-4 hover:text-brand-800 hover:underline"
              >
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link
                to={paths.documentation.getHref()}
                className="text-stone-700 underline-offset-4 hover:text-brand-800 hover:underline"
              >
                {t('nav.documentation')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-200">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-stone-600 sm:px-6">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
};
