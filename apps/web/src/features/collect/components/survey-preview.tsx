import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SurveyPreviewProps } from '@/shared/surveys/use-survey-preview';
import { useToast } from '@/shared/ui/use-toast';
import { newSubmission } from '../lib/new-submission';
import { SurveyForm } from './survey-form';

/**
 * The survey exactly as /collect shows it, for the survey editor's preview: the answers are held in
 * the page only, and finishing stores and sends nothing.
 */
export const SurveyPreview = ({ survey, language, onClose }: SurveyPreviewProps) => {
  const { t } = useTranslation('collect');
  const { showToast } = useToast();
  const [submission] = useState(() =>
    newSubmission({
      userId: '',
      surveyId: survey.survey.id,
      surveyTitle: t('start.untitled', { id: survey.survey.id }),
      language,
    }),
  );
  const handleFinished = () => {
    showToast({ message: t('preview.finished'), tone: 'info' });
    onClose();
  };
  return (
    <SurveyForm survey={survey} submission={submission} persist={false} onClose={onClose} onFinished={handleFinished} />
  );
};
