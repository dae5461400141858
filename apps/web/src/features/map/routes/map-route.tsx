import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /map: the interactive map ('Harta Interaktive'). */
export const MapRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('map.title')} />;
};
