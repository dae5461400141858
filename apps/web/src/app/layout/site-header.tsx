import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, MenuIcon } from '@/shared/ui/icons';
import { LanguageSwitcher } from './language-switcher';
import { MainNav } from './main-nav';
import { UserMenu } from './user-menu';
import { BrandLink } from './brand-link';
import { useSiteHeaderHeight } from './use-site-header-height';

export const SiteHeader = () => {
  const { t } = useTranslation();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const mobileNavId = useId();
  const headerRef = useRef<HTMLElement>(null);
  useSiteHeaderHeight(headerRef);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <BrandLink size="compact" />

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <UserMenu />
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-700 shadow-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 lg:hidden"
            aria-expanded={mobileNavOpen}
            aria-controls={mobileNavId}
            onClick={() => setMobileNavOpen((open) => !open)}
          >
            {mobileNavOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
            <span className="sr-only">{t('nav.toggle')}</span>
          </button>
        </div>
      </div>

      {/* Wide screens: the navigation on its own row, so long Albanian and Serbian labels always fit. */}
      <div className="hidden border-t border-stone-100 lg:block">
        <div className="mx-auto max-w-7xl px-4 py-1.5 sm:px-6">
          <MainNav orientation="horizontal" />
        </div>
      </div>

      <div
        id={mobileNavId}
        hidden={!mobileNavOpen}
        className="border-t border-stone-200 bg-white px-4 pt-3 pb-4 lg:hidden"
      >
        <MainNav orientation="vertical" onNavigate={() => setMobileNavOpen(false)} />
        <div className="mt-3 sm:hidden">
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
};
