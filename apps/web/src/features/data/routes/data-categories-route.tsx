import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /data: the data categories list. */
export const DataCategoriesRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('data.title')} />;
};
