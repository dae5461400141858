import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/devices (also admin/formularet/pajisjet, admin/formularet/device, formularet/pajisjet). */
export const DevicesRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('devices.title')} />;
};
