import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** admin/surveys: the survey list. */
export const SurveyListRoute = () => {
  const { t } = useTranslation('admin');
  return <Page title={t('surveys.list')} />;
};
