import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** /archive: the visual archive ('Arkiva'). */
export const ArchiveRoute = () => {
  const { t } = useTranslation('public');
  return <Page title={t('archive.title')} />;
};
