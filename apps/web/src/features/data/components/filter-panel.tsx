import type { Dataset, DatasetFilter } from '@trashegimia/contract/datasets';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import type { ChosenFilters } from '@/shared/filters/asset-query';
import type { AssetRange } from '@/shared/filters/asset-range';
import { DateRangeFields } from '@/shared/filters/date-range-fields';
import { FilterQuestion } from '@/shared/filters/filter-question';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';

type FilterPanelProps = {
  dataset: Dataset;
  questions: DatasetFilter[];
  filtersPending: boolean;
  filtersError: unknown;
  /** The search, filters and range in force; the panel edits a copy until Search is pressed. */
  appliedSearch: string;
  appliedFilters: ChosenFilters;
  appliedRange: AssetRange;
  onApply: (search: string, filters: ChosenFilters, dates: Pick<AssetRange, 'from' | 'to'>) => void;
  onClear: () => void;
  /** Leaves the map area (chosen on the map page) and keeps the rest. */
  onClearArea: () => void;
  canDownload: boolean;
  isGuest: boolean;
  onDownload: () => void;
};

/**
 * The left panel: dataset name and colour, text search, a multi-select per question, Search and
 * clear, then the download button (logged-in users) or a login link (guests).
 */
export const FilterPanel = ({
  dataset,
  questions,
  filtersPending,
  filtersError,
  appliedSearch,
  appliedFilters,
  appliedRange,
  onApply,
  onClear,
  onClearArea,
  canDownload,
  isGuest,
  onDownload,
}: FilterPanelProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const errorText = useErrorText();
  const location = useLocation();
  const [search, setSearch] = useState(appliedSearch);
  const [chosen, setChosen] = useState<ChosenFilters>(appliedFilters);
  const [dates, setDates] = useState({ from: appliedRange.from, to: appliedRange.to });
  const color = datasetColor(dataset.pillColor);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(search, chosen, dates);
  };
  const handleClear = () => {
    setSearch('');
    setChosen({});
    setDates({ from: null, to: null });
    onClear();
  };

  const hasAnything =
    search.trim() !== '' ||
    Object.values(chosen).some((ids) => ids.length > 0) ||
    Boolean(dates.from || dates.to || appliedRange.area);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="size-10 shrink-0 rounded-lg" style={{ backgroundColor: color }} />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wider text-stone-500 uppercase">{t('dataset.title')}</p>
            <p className="truncate font-serif text-lg font-semibold text-stone-900">
              {datasetNameIn(dataset, language)}
            </p>
          </div>
        </div>
        {canDownload && (
          <Button variant="secondary" onClick={onDownload} className="w-full">
            {t('dataset.download.button')}
          </Button>
        )}
        {isGuest && (
          <div className="rounded-lg bg-brand-50 p-3 text-sm text-stone-700">
            <p>{t('dataset.download.guestHint')}</p>
            <Link
              to={paths.login.getHref(location.pathname + location.search)}
              className={buttonClasses('primary', 'mt-3 w-full')}
            >
              {t('dataset.download.login')}
            </Link>
          </div>
        )}
      </div>

      <form
        role="search"
        aria-label={t('dataset.filters.title')}
        onSubmit={handleSubmit}
        className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      >
        <TextField
          type="search"
          label={t('dataset.filters.searchLabel')}
          placeholder={t('dataset.filters.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />

        <DateRangeFields from={dates.from} to={dates.to} onChange={setDates} />

        {appliedRange.area && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-800">
            <span>{t('dataset.filters.inMapArea')}</span>
            <Button variant="secondary" onClick={onClearArea}>
              {t('dataset.filters.clearMapArea')}
            </Button>
          </div>
        )}

        <div>
          <h2 className="mb-1 text-sm font-semibold text-stone-900">{t('dataset.filters.title')}</h2>
          {search.trim() !== '' && questions.length > 0 && (
            <p className="mb-2 text-xs text-stone-500">{t('dataset.filters.searchWins')}</p>
          )}
          {filtersPending && (
            <p role="status" className="flex items-center gap-2 py-2 text-sm text-stone-600">
              <Spinner className="size-4 text-brand-700" />
              {t('dataset.filters.loading')}
            </p>
          )}
          {filtersError !== null && filtersError !== undefined && (
            <Alert>{errorText(filtersError, t('api.fetchFiltersFailed', { ns: 'errors' }))}</Alert>
          )}
          {!filtersPending && !filtersError && questions.length === 0 && (
            <p className="py-2 text-sm text-stone-500">{t('dataset.filters.noOptions')}</p>
          )}
          {questions.length > 0 && (
            <div>
              {questions.map((filter) => (
                <FilterQuestion
                  key={filter.question.id}
                  filter={filter}
                  chosen={chosen[filter.question.id] ?? []}
                  onChange={(optionIds) => setChosen((current) => ({ ...current, [filter.question.id]: optionIds }))}
                />
              ))}
            </div>
          )}
        </div>

        {/* Kept in reach at the bottom of the screen while a long list of questions scrolls by. */}
        <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-wrap gap-2 rounded-b-xl border-t border-stone-200 bg-white/95 p-4 backdrop-blur">
          <Button type="submit" className="flex-1">
            {t('dataset.filters.submit')}
          </Button>
          <Button variant="secondary" onClick={handleClear} disabled={!hasAnything}>
            {t('dataset.filters.clear')}
          </Button>
        </div>
      </form>
    </div>
  );
};
