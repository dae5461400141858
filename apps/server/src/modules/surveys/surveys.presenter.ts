import type { Language } from '@trashegimia/contract/common';
import { type Survey, SURVEY_STATE } from '@trashegimia/contract/surveys';
import { localizedFields } from '@trashegimia/contract/localized-text';
import type { SurveyRow } from './surveys.repo';

export const presentSurvey = (row: SurveyRow, language: Language): Survey => ({
  id: row.id,
  surveyState: row.surveyState === SURVEY_STATE.ACTIVE ? SURVEY_STATE.ACTIVE : SURVEY_STATE.PASSIVE,
  defaultDatasetId: row.defaultDatasetId,
  ...localizedFields(row, 'description', language),
  ...localizedFields(row, 'longDescription', language),
  insBy: row.insBy,
  insDate: row.insDate.toISOString(),
  ludBy: row.ludBy,
  lud: row.lud.toISOString(),
});
