import { useTranslation } from 'react-i18next';
import { useDatasets } from '@/shared/api/get-datasets';
import { useSurveys } from '@/shared/api/get-surveys';
import { useLanguage } from '@/shared/i18n/use-language';
import { firstText } from '@/shared/surveys/survey-text';
import { SelectField } from '@/shared/ui/select-field';
import {
  SORT_CHOICES,
  STATUS_CHOICES,
  type AssetListFilters as Filters,
  type SortChoice,
  type StatusChoice,
} from '../lib/asset-list-params';

/** Spec §9: dropdown lists ask for page 1 with up to 200 entries. */
const DROPDOWN_QUERY = { page: 1, limit: 200 } as const;

const idOf = (value: string) => (value === '' ? null : Number(value));

type AssetListFiltersProps = {
  filters: Filters;
  sort: SortChoice;
  onFiltersChange: (changes: Partial<Filters>) => void;
  onSortChange: (sort: SortChoice) => void;
};

/** Status, dataset and survey filters and the order of the asset list (spec §2). */
export const AssetListFilters = ({ filters, sort, onFiltersChange, onSortChange }: AssetListFiltersProps) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const datasets = useDatasets({ ...DROPDOWN_QUERY, includeInactive: true });
  const surveys = useSurveys(DROPDOWN_QUERY);

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{t('list.filters.label')}</legend>
      <SelectField
        label={t('list.filters.status')}
        value={filters.status}
        onChange={(event) => onFiltersChange({ status: event.target.value as StatusChoice })}
      >
        {STATUS_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`list.status.${choice}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('list.filters.dataset')}
        value={filters.datasetId ?? ''}
        onChange={(event) => onFiltersChange({ datasetId: idOf(event.target.value) })}
      >
        <option value="">{t('list.filters.allDatasets')}</option>
        {datasets.data?.items.map((dataset) => (
          <option key={dataset.id} value={dataset.id}>
            {dataset.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('list.filters.survey')}
        value={filters.surveyId ?? ''}
        onChange={(event) => onFiltersChange({ surveyId: idOf(event.target.value) })}
      >
        <option value="">{t('list.filters.allSurveys')}</option>
        {surveys.data?.items.map((survey) => (
          <option key={survey.id} value={survey.id}>
            {firstText(survey, 'description', language) ?? t('list.filters.untitledSurvey', { id: survey.id })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('list.filters.sort')}
        value={sort}
        onChange={(event) => onSortChange(event.target.value as SortChoice)}
      >
        {Object.keys(SORT_CHOICES).map((choice) => (
          <option key={choice} value={choice}>
            {t(`list.sort.${choice as SortChoice}`)}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
};
