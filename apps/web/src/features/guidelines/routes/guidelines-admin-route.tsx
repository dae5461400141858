import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/guidelines and admin/formularet/dokumentet: guideline management. */
export const GuidelinesAdminRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('guidelines.title')} />;
};
