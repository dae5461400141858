import type { DatasetFilter } from '@trashegimia/contract/datasets';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import type { ChosenFilters } from '@/shared/filters/asset-query';
import { FilterQuestion } from '@/shared/filters/filter-question';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';

type AnalyticsFilterFormProps = {
  questions: DatasetFilter[];
  filtersPending: boolean;
  filtersError: unknown;
  /** The filters the results show; the form edits a copy until 'Show results'. */
  appliedFilters: ChosenFilters;
  onApply: (filters: ChosenFilters) => void;
  onNewSearch: () => void;
};

/** One multi-select per question of the dataset, 'Show results' and 'New search'. */
export const AnalyticsFilterForm = ({
  questions,
  filtersPending,
  filtersError,
  appliedFilters,
  onApply,
  onNewSearch,
}: AnalyticsFilterFormProps) => {
  const { t } = useTranslation('analytics');
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<ChosenFilters>(appliedFilters);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(chosen);
  };
  const handleNewSearch = () => {
    setChosen({});
    onNewSearch();
  };

  return (
    <form role="search" aria-label={t('filters.panel')} onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div>
        <h2 className="mb-1 text-sm font-semibold text-stone-900">{t('filters.title')}</h2>
        {filtersPending && (
          <p role="status" className="flex items-center gap-2 py-2 text-sm text-stone-600">
            <Spinner className="size-4 text-brand-700" />
            {t('filters.loading')}
          </p>
        )}
        {Boolean(filtersError) && (
          <Alert>{errorText(filtersError, t('api.fetchFiltersFailed', { ns: 'errors' }))}</Alert>
        )}
        {!filtersPending && !filtersError && questions.length === 0 && (
          <p className="py-2 text-sm text-stone-500">{t('filters.noOptions')}</p>
        )}
        {questions.map((filter) => (
          <FilterQuestion
            key={filter.question.id}
            filter={filter}
            chosen={chosen[filter.question.id] ?? []}
            onChange={(optionIds) => setChosen((current) => ({ ...current, [filter.question.id]: optionIds }))}
          />
        ))}
      </div>
      {/* Kept in reach at the bottom of the screen while a long list of questions scrolls by. */}
      <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-wrap gap-2 rounded-b-xl border-t border-stone-200 bg-white/95 p-4 backdrop-blur">
        <Button type="submit" className="flex-1">
          {t('filters.show')}
        </Button>
        <Button variant="secondary" onClick={handleNewSearch}>
          {t('filters.newSearch')}
        </Button>
      </div>
    </form>
  );
};
