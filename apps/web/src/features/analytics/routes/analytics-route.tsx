import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDatasetFilters } from '@/shared/api/get-dataset-filters';
import { useDatasets } from '@/shared/api/get-datasets';
import { useErrorText } from '@/shared/api/use-error-text';
import { DATASET_LIST_LIMIT } from '@/shared/config/data-constants';
import { paths } from '@/shared/config/paths';
import {
  filterableQuestions,
  parseFilterParams,
  serializeFilterParams,
  toFilterSelections,
  type ChosenFilters,
} from '@/shared/filters/asset-query';
import { formatNumber } from '@/shared/format/format';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { useSession } from '@/shared/session/use-session';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { Page } from '@/shared/ui/page';
import { Spinner } from '@/shared/ui/spinner';
import { useAnalyticsResults, type AnalyticsQuery } from '../api/get-analytics-results';
import { useAnalyticsSummary } from '../api/get-analytics-summary';
import { AnalyticsCharts } from '../components/analytics-charts';
import { AnalyticsFilterForm } from '../components/analytics-filter-form';
import { DatasetSelect } from '../components/dataset-select';
import { DownloadReport } from '../components/download-report';
import { ResultsTable } from '../components/results-table';
import { valueLabeler } from '../lib/value-labels';

/** The address keeps the chosen dataset and the applied filters, so an analysis can be shared and reloaded. */
const PARAM = { dataset: 'dataset', filter: 'f' } as const;

const parseId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const Loading = ({ text }: { text: string }) => (
  <p role="status" className="flex items-center gap-2 py-6 text-sm text-stone-600">
    <Spinner className="size-5 text-brand-700" />
    {text}
  </p>
);

/**
 * /analytics: pick a dataset, filter it by its questions, and see the matching assets as a table
 * (8 rows a page), as charts, and as a downloadable report. Filtering needs an account: guests see
 * the picker and an invitation to log in.
 */
export const AnalyticsRoute = () => {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const errorText = useErrorText();
  const location = useLocation();
  const { session, isGuest } = useSession();
  const canAnalyze = Boolean(session.token) && !isGuest;
  const [searchParams, setSearchParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const resultsHeadingId = useId();
  const chartsHeadingId = useId();

  const datasets = useDatasets({ page: 1, limit: DATASET_LIST_LIMIT });
  const chosenId = parseId(searchParams.get(PARAM.dataset));
  const dataset = datasets.data?.items.find((item) => item.id === chosenId) ?? null;
  const filters = useDatasetFilters(canAnalyze && dataset ? dataset.id : null);

  const filterKey = searchParams.getAll(PARAM.filter).join('&');
  const applied = useMemo(() => parseFilterParams(filterKey ? filterKey.split('&') : []), [filterKey]);
  const questions = useMemo(() => filterableQuestions(filters.data?.items ?? []), [filters.data]);
  const selections = useMemo(() => toFilterSelections(applied, questions), [applied, questions]);
  const labelFor = useMemo(() => valueLabeler(filters.data?.items ?? [], language), [filters.data, language]);
  // Applied filters are checked against the questions' options, so wait for those first.
  const waitingForFilters = Object.keys(applied).length > 0 && filters.isPending;
  const query: AnalyticsQuery | null =
    canAnalyze && dataset && !waitingForFilters ? { datasetId: dataset.id, filters: selections } : null;
  const results = useAnalyticsResults(query);
  const summary = useAnalyticsSummary(query);

  const updateParams = (update: (params: URLSearchParams) => void) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        update(next);
        return next;
      },
      { preventScrollReset: true },
    );
  const handleSelectDataset = (id: number | null) =>
    updateParams((params) => {
      if (id === null) params.delete(PARAM.dataset);
      else params.set(PARAM.dataset, String(id));
      params.delete(PARAM.filter);
    });
  const handleApply = (next: ChosenFilters) => {
    updateParams((params) => {
      params.delete(PARAM.filter);
      for (const value of serializeFilterParams(next)) params.append(PARAM.filter, value);
    });
    setFiltersOpen(false);
  };
  const handleNewSearch = () => updateParams((params) => params.delete(PARAM.filter));

  const total = summary.data?.totalItems ?? results.data?.meta.totalItems;
  const items = results.data?.items ?? [];
  const fetchFailedText = t('api.fetchFilteredRespondentsFailed', { ns: 'errors' });

  return (
    <Page title={t('title')}>
      <p className="mt-3 max-w-4xl text-stone-600">{t('lead')}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-8">
        <div className="flex flex-col gap-4">
          <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
            <DatasetSelect
              datasets={datasets.data?.items}
              pending={datasets.isPending}
              failed={datasets.isError}
              onRetry={() => void datasets.refetch()}
              selectedId={dataset?.id ?? null}
              onSelect={handleSelectDataset}
            />
          </div>
          {canAnalyze && dataset && (
            <>
              <button
                type="button"
                aria-expanded={filtersOpen}
                aria-controls={panelId}
                onClick={() => setFiltersOpen((open) => !open)}
                className="inline-flex w-full items-center justify-between gap-2 rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 lg:hidden"
              >
                {filtersOpen
                  ? t('dataset.filters.hide', { ns: 'public' })
                  : t('dataset.filters.show', { ns: 'public' })}
                <ChevronDownIcon className={cn('size-4 transition-transform', filtersOpen && 'rotate-180')} />
              </button>
              <aside
                id={panelId}
                aria-label={t('filters.panel')}
                className={cn(
                  filtersOpen ? 'block' : 'hidden',
                  'rounded-xl border border-stone-200 bg-white p-4 shadow-sm lg:block',
                )}
              >
                <AnalyticsFilterForm
                  key={`${dataset.id}|${filterKey}`}
                  questions={questions}
                  filtersPending={filters.isPending}
                  filtersError={filters.error}
                  appliedFilters={applied}
                  onApply={handleApply}
                  onNewSearch={handleNewSearch}
                />
              </aside>
            </>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          {!canAnalyze && (
            <section
              aria-labelledby={resultsHeadingId}
              className="flex flex-col items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-6"
            >
              <h2 id={resultsHeadingId} className="font-serif text-xl font-semibold text-stone-900">
                {t('login.title')}
              </h2>
              <p className="max-w-2xl text-stone-700">{t('login.text')}</p>
              <Link to={paths.login.getHref(location.pathname + location.search)} className={buttonClasses('primary')}>
                {t('login.link')}
              </Link>
            </section>
          )}

          {canAnalyze && !dataset && !datasets.isPending && !datasets.isError && (
            <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600">
              {t('chooseDataset')}
            </p>
          )}

          {canAnalyze && dataset && (
            <>
              <section aria-labelledby={resultsHeadingId} className="flex flex-col gap-4">
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <div>
                    <h2 id={resultsHeadingId} className="font-serif text-xl font-semibold text-stone-900">
                      {t('results.title')}
                    </h2>
                    <p className="text-sm text-stone-600">{datasetNameIn(dataset, language)}</p>
                    {total !== undefined && (
                      <p aria-live="polite" className="mt-1 text-sm font-semibold text-stone-800">
                        {t('results.total', { total: formatNumber(total, language) })}
                      </p>
                    )}
                  </div>
                  {total !== undefined && total > 0 && <DownloadReport datasetId={dataset.id} filters={selections} />}
                </div>

                {results.isPending && <Loading text={t('results.loading')} />}
                {results.isError && (
                  <div className="flex flex-col items-start gap-3">
                    <Alert>{errorText(results.error, fetchFailedText)}</Alert>
                    <Button variant="secondary" onClick={() => void results.refetch()}>
                      {t('retry', { ns: 'common' })}
                    </Button>
                  </div>
                )}
                {results.isSuccess && items.length === 0 && (
                  <p
                    role="status"
                    className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600"
                  >
                    {t('generic.noResults', { ns: 'errors' })}
                  </p>
                )}
                {results.isSuccess && items.length > 0 && (
                  <>
                    {results.data.meta.totalItems > items.length && (
                      <p className="text-sm text-stone-600">
                        {t('results.capped', {
                          shown: formatNumber(items.length, language),
                          total: formatNumber(results.data.meta.totalItems, language),
                        })}
                      </p>
                    )}
                    <ResultsTable key={`${dataset.id}|${filterKey}`} items={items} labelFor={labelFor} />
                  </>
                )}
              </section>

              {total !== 0 && (
                <section aria-labelledby={chartsHeadingId} className="flex flex-col gap-4">
                  <h2 id={chartsHeadingId} className="font-serif text-xl font-semibold text-stone-900">
                    {t('charts.title')}
                  </h2>
                  {summary.isPending && <Loading text={t('charts.loading')} />}
                  {summary.isError && (
                    <div className="flex flex-col items-start gap-3">
                      <Alert>
                        <p className="font-semibold">{t('charts.loadFailed')}</p>
                        <p>{errorText(summary.error, fetchFailedText)}</p>
                      </Alert>
                      <Button variant="secondary" onClick={() => void summary.refetch()}>
                        {t('retry', { ns: 'common' })}
                      </Button>
                    </div>
                  )}
                  {summary.isSuccess && (
                    <AnalyticsCharts
                      summary={summary.data}
                      labelFor={labelFor}
                      color={datasetColor(dataset.pillColor)}
                    />
                  )}
                </section>
              )}
            </>
          )}
        </div>
      </div>
    </Page>
  );
};
