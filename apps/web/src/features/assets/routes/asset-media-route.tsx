import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/surveys/assets/:id/media: the media screen. */
export const AssetMediaRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('assets.media')} />;
};
