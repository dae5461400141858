import type { MediaType } from '@trashegimia/contract/assets';
import type { Dataset, DatasetFilter } from '@trashegimia/contract/datasets';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import type { ChosenFilters } from '@/shared/filters/asset-query';
import { FilterQuestion } from '@/shared/filters/filter-question';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { ContentTypeFilter } from './content-type-filter';

type ArchiveFiltersProps = {
  datasets: Dataset[];
  datasetsPending: boolean;
  datasetsError: unknown;
  datasetId: number | null;
  questions: DatasetFilter[];
  questionsPending: boolean;
  questionsError: unknown;
  chosen: ChosenFilters;
  mediaTypes: MediaType[];
  onDatasetChange: (datasetId: number | null) => void;
  onChosenChange: (chosen: ChosenFilters) => void;
  onMediaTypesChange: (types: MediaType[]) => void;
  onClear: () => void;
};

const panelClasses = 'flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm';

/**
 * The archive's filters, applied as they change: a dataset (or all), that dataset's questions
 * except the municipality, and the content types.
 */
export const ArchiveFilters = ({
  datasets,
  datasetsPending,
  datasetsError,
  datasetId,
  questions,
  questionsPending,
  questionsError,
  chosen,
  mediaTypes,
  onDatasetChange,
  onChosenChange,
  onMediaTypesChange,
  onClear,
}: ArchiveFiltersProps) => {
  const { t } = useTranslation('archive');
  const language = useLanguage();
  const errorText = useErrorText();
  const selectId = useId();
  const hasAnything =
    datasetId !== null || mediaTypes.length > 0 || Object.values(chosen).some((ids) => ids.length > 0);

  return (
    <div className="flex flex-col gap-5">
      <div className={panelClasses}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-semibold text-stone-900">
            {t('filters.dataset')}
          </label>
          <select
            id={selectId}
            value={datasetId ?? ''}
            disabled={datasetsPending}
            aria-busy={datasetsPending || undefined}
            onChange={(event) => onDatasetChange(event.target.value ? Number(event.target.value) : null)}
            className="w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600 disabled:bg-stone-100"
          >
            <option value="">{t('filters.allDatasets')}</option>
            {datasets.map((dataset) => (
              <option key={dataset.id} value={dataset.id}>
                {datasetNameIn(dataset, language)}
              </option>
            ))}
          </select>
          {Boolean(datasetsError) && <Alert>{errorText(datasetsError, t('filters.datasetsFailed'))}</Alert>}
        </div>

        {datasetId !== null && (
          <div>
            <h2 className="mb-1 text-sm font-semibold text-stone-900">{t('filters.questions')}</h2>
            {questionsPending && (
              <p role="status" className="flex items-center gap-2 py-2 text-sm text-stone-600">
                <Spinner className="size-4 text-brand-700" />
                {t('filters.questionsLoading')}
              </p>
            )}
            {Boolean(questionsError) && (
              <Alert>{errorText(questionsError, t('api.fetchFiltersFailed', { ns: 'errors' }))}</Alert>
            )}
            {!questionsPending && !questionsError && questions.length === 0 && (
              <p className="py-2 text-sm text-stone-500">{t('filters.noQuestions')}</p>
            )}
            {questions.map((filter) => (
              <FilterQuestion
                key={filter.question.id}
                filter={filter}
                chosen={chosen[filter.question.id] ?? []}
                onChange={(optionIds) => onChosenChange({ ...chosen, [filter.question.id]: optionIds })}
              />
            ))}
          </div>
        )}
      </div>

      <div className={panelClasses}>
        <ContentTypeFilter chosen={mediaTypes} onChange={onMediaTypesChange} />
      </div>

      <Button variant="secondary" onClick={onClear} disabled={!hasAnything}>
        {t('filters.clear')}
      </Button>
    </div>
  );
};
