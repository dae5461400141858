import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/formularet/lista-formulareve and formularet/lista-formulareve: the forms list. */
export const FormsListRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('forms.list')} />;
};
