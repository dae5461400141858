import type { AssetSummary } from '@trashegimia/contract/assets';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { useDatasetFilters } from '@/shared/api/get-dataset-filters';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import {
  chooseAssetQuery,
  filterableQuestions,
  parseFilterParams,
  serializeFilterParams,
  toFilterSelections,
  type AssetSort,
  type ChosenFilters,
} from '@/shared/filters/asset-query';
import { type AssetRange, NO_RANGE, readRange, writeRange } from '@/shared/filters/asset-range';
import { datasetNameIn, pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { useSession } from '@/shared/session/use-session';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useDataset } from '../api/get-dataset';
import { DATASET_LIST_ORDERS } from '../api/get-dataset-assets';
import { AssetDetailsModal } from '../components/asset-details-modal';
import { ASSET_LIST_HEADING_ID, AssetList } from '../components/asset-list';
import { AssetMapModal } from '../components/asset-map-modal';
import { DatasetTerms } from '../components/dataset-terms';
import { ExportDialog } from '../components/export-dialog';
import { FilterPanel } from '../components/filter-panel';
import { DATASET_PARAM } from '../lib/dataset-params';
import { useAssetDetailsParam } from '../lib/use-asset-details-param';

const parseId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /data/:categoryId: filters on the left, the dataset's assets on the right. */
export const DatasetDetailRoute = () => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const errorText = useErrorText();
  const { categoryId } = useParams();
  const datasetId = parseId(categoryId);
  const { session, isGuest, isAdmin } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const assetDetails = useAssetDetailsParam();
  const [mapAsset, setMapAsset] = useState<AssetSummary | null>(null);
  const filterPanelId = useId();

  const dataset = useDataset(datasetId);
  const filters = useDatasetFilters(datasetId);

  const appliedSearch = searchParams.get(DATASET_PARAM.search) ?? '';
  const sort: AssetSort = searchParams.get(DATASET_PARAM.sort) === 'name' ? 'name' : 'date';
  const filterParams = searchParams.getAll(DATASET_PARAM.filter);
  const filterKey = filterParams.join('&');
  const chosen = useMemo(() => parseFilterParams(filterKey ? filterKey.split('&') : []), [filterKey]);
  const rangeKey = searchParams.toString();
  // Kept the same object while the range itself is, so the list's query does not change with other parameters.
  const rangeText = JSON.stringify(readRange(new URLSearchParams(rangeKey)));
  const range = useMemo<AssetRange>(() => JSON.parse(rangeText) as AssetRange, [rangeText]);
  const questions = useMemo(() => filterableQuestions(filters.data?.items ?? []), [filters.data]);
  const selections = useMemo(() => toFilterSelections(chosen, questions), [chosen, questions]);
  const query = useMemo(
    () => chooseAssetQuery({ search: appliedSearch, filters: selections, hasToken: Boolean(session.token) }),
    [appliedSearch, selections, session.token],
  );
  // Chosen filters are checked against the questions' options, so wait for those first.
  const waitingForFilters = Object.keys(chosen).length > 0 && appliedSearch.trim() === '' && filters.isPending;

  // Each change replaces the entry rather than adding one: Back leaves the page instead of
  // stepping through every search tried on it.
  const applyParams = (update: (params: URLSearchParams) => void) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        update(next);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  /** After Search or clear, bring the top of the results into view (the panel may be long). */
  const showResults = () =>
    requestAnimationFrame(() => {
      const results = document.getElementById(ASSET_LIST_HEADING_ID);
      if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView?.({ block: 'start' });
    });

  const handleApply = (search: string, nextFilters: ChosenFilters, dates: Pick<AssetRange, 'from' | 'to'>) => {
    applyParams((params) => {
      if (search.trim()) params.set(DATASET_PARAM.search, search.trim());
      else params.delete(DATASET_PARAM.search);
      params.delete(DATASET_PARAM.filter);
      for (const value of serializeFilterParams(nextFilters)) params.append(DATASET_PARAM.filter, value);
      writeRange(params, { ...range, ...dates });
    });
    setFiltersOpen(false);
    showResults();
  };
  const handleClear = () => {
    applyParams((params) => {
      params.delete(DATASET_PARAM.search);
      params.delete(DATASET_PARAM.filter);
      writeRange(params, NO_RANGE);
    });
    showResults();
  };
  const handleClearArea = () => applyParams((params) => writeRange(params, { ...range, area: null }));
  const handleSort = (next: AssetSort) =>
    applyParams((params) => {
      if (next === 'name') params.set(DATASET_PARAM.sort, 'name');
      else params.delete(DATASET_PARAM.sort);
    });

  const canDownload = Boolean(session.token) && !isGuest;
  const title = dataset.data ? datasetNameIn(dataset.data, language) : t('dataset.title');
  const description = dataset.data ? pickLocalized(dataset.data, 'description', language) : null;
  const notFound = datasetId === null || (isApiError(dataset.error) && dataset.error.status === 404);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <title>{`${title} · ${t('appName', { ns: 'common' })}`}</title>
      <nav aria-label={t('dataset.breadcrumb')} className="mb-3 text-sm">
        <Link to={paths.data.getHref()} className="text-brand-800 underline-offset-4 hover:underline">
          ← {t('dataset.backToData')}
        </Link>
      </nav>
      <div className="flex items-center gap-3">
        {dataset.data && (
          <span
            aria-hidden="true"
            className="size-4 shrink-0 rounded-full"
            style={{ backgroundColor: datasetColor(dataset.data.pillColor) }}
          />
        )}
        <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      </div>
      {description && <p className="mt-3 max-w-4xl text-stone-600">{description}</p>}
      {dataset.data && <DatasetTerms dataset={dataset.data} />}

      {dataset.isPending && datasetId !== null && (
        <p role="status" className="mt-8 flex items-center gap-2 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {t('loading', { ns: 'common' })}
        </p>
      )}

      {(notFound || dataset.isError) && (
        <div className="mt-8 flex flex-col items-start gap-3">
          <Alert>
            {notFound ? (
              <p className="font-semibold">{t('dataset.notFound')}</p>
            ) : (
              <>
                <p className="font-semibold">{t('dataset.loadFailed')}</p>
                <p>{errorText(dataset.error, t('dataset.loadFailed'))}</p>
              </>
            )}
          </Alert>
          {!notFound && (
            <Button variant="secondary" onClick={() => void dataset.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          )}
        </div>
      )}

      {dataset.data && datasetId !== null && (
        <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-8">
          <div>
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls={filterPanelId}
              onClick={() => setFiltersOpen((open) => !open)}
              className="mb-4 inline-flex w-full items-center justify-between gap-2 rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 lg:hidden"
            >
              {filtersOpen ? t('dataset.filters.hide') : t('dataset.filters.show')}
              <ChevronDownIcon className={cn('size-4 transition-transform', filtersOpen && 'rotate-180')} />
            </button>
            <aside
              id={filterPanelId}
              aria-label={t('dataset.filters.panel')}
              className={cn(filtersOpen ? 'block' : 'hidden', 'lg:block')}
            >
              <FilterPanel
                key={`${appliedSearch}|${filterKey}|${rangeText}`}
                dataset={dataset.data}
                questions={questions}
                filtersPending={filters.isPending}
                filtersError={filters.error}
                appliedSearch={appliedSearch}
                appliedFilters={chosen}
                appliedRange={range}
                onApply={handleApply}
                onClear={handleClear}
                onClearArea={handleClearArea}
                canDownload={canDownload}
                isGuest={isGuest}
                onDownload={() => setExportOpen(true)}
              />
            </aside>
          </div>

          <AssetList
            params={{ datasetId, sort, query, range }}
            enabled={!waitingForFilters}
            onSortChange={handleSort}
            canEdit={isAdmin}
            onShowDetails={assetDetails.open}
            onShowMap={setMapAsset}
          />
        </div>
      )}

      <AssetDetailsModal
        assetId={assetDetails.assetId}
        listedName={assetDetails.listedName}
        onClose={assetDetails.close}
      />
      <AssetMapModal asset={mapAsset} onClose={() => setMapAsset(null)} />
      {dataset.data && datasetId !== null && canDownload && (
        <ExportDialog
          open={exportOpen}
          onOpenChange={setExportOpen}
          datasetId={datasetId}
          datasetName={title}
          filters={query.kind === 'filtered' ? query.filters : []}
          range={range}
          order={DATASET_LIST_ORDERS[sort]}
        />
      )}
    </div>
  );
};
