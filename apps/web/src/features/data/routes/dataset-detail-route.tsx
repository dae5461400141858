import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /data/:categoryId: the dataset detail. */
export const DatasetDetailRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('dataset.title')} />;
};
