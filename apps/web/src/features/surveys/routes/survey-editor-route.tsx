import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/shared/ui/page';

/** admin/surveys/new ('Create Survey') and admin/surveys/:id ('Edit Survey'). */
export const SurveyEditorRoute = () => {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  return <Page title={id === undefined ? t('surveys.create') : t('surveys.edit')} />;
};
