import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/questions/library: the question library. */
export const QuestionLibraryRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('questionLibrary.title')} />;
};
