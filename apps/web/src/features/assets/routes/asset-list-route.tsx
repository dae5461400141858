import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/surveys/assets: the survey asset list ('Survey Assets'). */
export const AssetListRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('assets.list')} />;
};
