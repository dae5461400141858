import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type PageProps = { title: string; children?: ReactNode };

/** A screen's frame: the document title and its one heading. */
export const Page = ({ title, children }: PageProps) => {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{`${title} · ${t('appName')}`}</title>
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
};
