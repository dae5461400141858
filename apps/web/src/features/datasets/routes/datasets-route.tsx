import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/datasets: dataset management. */
export const DatasetsRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('datasets.title')} />;
};
