import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/surveys/assets/:id: asset edit. */
export const AssetEditRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('assets.edit')} />;
};
