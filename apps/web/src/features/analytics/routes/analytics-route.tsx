import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /analytics: dataset picker, filters and results table. */
export const AnalyticsRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('analytics.title')} />;
};
