import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSurveyQuestions, getSurveyQuestionsQueryOptions } from '@/shared/api/get-survey-questions';
import { saveSurvey, type SurveySaveApi } from '../lib/save-survey';
import type { EditorDraft } from '../lib/survey-draft';
import { createQuestionOptions } from './create-question-options';
import { createSurvey } from './create-survey';
import { getSurvey, getSurveyQueryOptions } from './get-survey';
import { updateQuestionOptions } from './update-question-options';
import { updateSurvey } from './update-survey';
import { upsertSurveyQuestions } from './upsert-survey-questions';

const surveySaveApi: SurveySaveApi = {
  createSurvey,
  updateSurvey,
  getSurvey: (surveyId) => getSurvey(surveyId),
  upsertQuestions: upsertSurveyQuestions,
  getQuestions: (surveyId) => getSurveyQuestions(surveyId),
  createOptions: createQuestionOptions,
  updateOptions: updateQuestionOptions,
};

/** The editor's Save (spec §4): survey, questions, options, then the refreshed survey goes into the cache. */
export const useSaveSurvey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: EditorDraft) => saveSurvey(draft, surveySaveApi),
    onSuccess: ({ survey, questions }) => {
      queryClient.setQueryData(getSurveyQueryOptions(survey.id).queryKey, survey);
      queryClient.setQueryData(getSurveyQuestionsQueryOptions(survey.id).queryKey, questions);
      return queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
    },
  });
};
