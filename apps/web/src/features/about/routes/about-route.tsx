import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /about: a placeholder with template text; the organisation's own content replaces it (spec §2). */
export const AboutRoute = () => {
  const { t } = useTranslation('public');
  return (
    <Page title={t('about.title')}>
      <div className="mt-6 max-w-prose space-y-4 text-lg leading-relaxed text-stone-700">
        <p>{t('about.lead')}</p>
        <p className="text-base text-stone-500 italic">{t('about.placeholder')}</p>
      </div>
    </Page>
  );
};
