import { SURVEY_STATE, type SurveyState } from '@trashegimia/contract/surveys';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '@/shared/api/get-datasets';
import { LANGUAGE_SUFFIX } from '@trashegimia/contract/localized-text';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { TextareaField } from '@/shared/ui/textarea-field';
import type { SurveyChanges } from '../lib/draft-reducer';
import type { DraftSurvey } from '../lib/survey-draft';
import { LanguageTabs } from './language-tabs';

/** Dropdown lists ask for the first 200 (spec §9). */
const DATASET_QUERY = { page: 1, limit: 200, includeInactive: true } as const;

type SurveyFieldsProps = { survey: DraftSurvey; onChange: (changes: SurveyChanges) => void };

/** State, default dataset, and the short and long description in each language. */
export const SurveyFields = ({ survey, onChange }: SurveyFieldsProps) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const datasets = useDatasets(DATASET_QUERY);
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('fields.state')}
          value={survey.surveyState}
          onChange={(event) => onChange({ surveyState: Number(event.target.value) as SurveyState })}
        >
          <option value={SURVEY_STATE.ACTIVE}>{t('state.active')}</option>
          <option value={SURVEY_STATE.PASSIVE}>{t('state.passive')}</option>
        </SelectField>
        <SelectField
          label={t('fields.defaultDataset')}
          hint={datasets.isError ? t('fields.datasetsFailed') : t('fields.defaultDatasetHint')}
          value={survey.defaultDatasetId ?? ''}
          disabled={!datasets.isSuccess}
          onChange={(event) => onChange({ defaultDatasetId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('fields.noDataset')}</option>
          {datasets.data?.items.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {datasetNameIn(dataset, language)}
            </option>
          ))}
        </SelectField>
      </div>
      <LanguageTabs label={t('fields.descriptions')}>
        {(language) => (
          <div className="flex flex-col gap-4">
            <TextField
              label={t('fields.description')}
              value={survey[`description${LANGUAGE_SUFFIX[language]}`]}
              maxLength={500}
              onChange={(event) => onChange({ [`description${LANGUAGE_SUFFIX[language]}`]: event.target.value })}
            />
            <TextareaField
              label={t('fields.longDescription')}
              value={survey[`longDescription${LANGUAGE_SUFFIX[language]}`]}
              rows={5}
              onChange={(event) => onChange({ [`longDescription${LANGUAGE_SUFFIX[language]}`]: event.target.value })}
            />
          </div>
        )}
      </LanguageTabs>
    </div>
  );
};
