import type { AssetSummary } from '@trashegimia/contract/assets';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDatasetFilters } from '@/shared/api/get-dataset-filters';
import { useDatasets } from '@/shared/api/get-datasets';
import { DATASET_LIST_LIMIT } from '@/shared/config/data-constants';
import { toFilterSelections } from '@/shared/filters/asset-query';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { useArchiveAssets } from '../api/get-archive-assets';
import { ArchiveFilters } from '../components/archive-filters';
import { ArchiveMediaModal } from '../components/archive-media-modal';
import { ARCHIVE_RESULTS_HEADING_ID, ArchiveResults } from '../components/archive-results';
import { archiveQuestions, readArchiveView, writeArchiveView, type ArchiveView } from '../lib/archive-params';

/** /archive ('Arkiva'): filters on the left, a page of media cards on the right, media in a modal. */
export const ArchiveRoute = () => {
  const { t } = useTranslation('archive');
  const [searchParams, setSearchParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [openAsset, setOpenAsset] = useState<AssetSummary | null>(null);
  const filterPanelId = useId();

  // The view is state, mirrored in the address: a ticked box shows at once, while the router
  // commits the new address in a transition. An address changed from outside (back, forward, a
  // link) is read back in.
  const paramsKey = searchParams.toString();
  const [view, setView] = useState(() => readArchiveView(searchParams));
  const [seenKey, setSeenKey] = useState(paramsKey);
  if (paramsKey !== seenKey) {
    setSeenKey(paramsKey);
    if (paramsKey !== writeArchiveView(view).toString()) setView(readArchiveView(searchParams));
  }
  const datasets = useDatasets({ limit: DATASET_LIST_LIMIT });
  const filters = useDatasetFilters(view.datasetId);
  const questions = useMemo(() => archiveQuestions(filters.data?.items ?? []), [filters.data]);
  const selections = useMemo(() => toFilterSelections(view.chosen, questions), [view.chosen, questions]);
  // Chosen options are checked against the questions' own, so wait for those first.
  const waitingForQuestions = Object.keys(view.chosen).length > 0 && filters.isPending;
  const assets = useArchiveAssets(
    {
      datasetId: view.datasetId,
      filters: selections,
      mediaTypes: view.mediaTypes,
      sort: view.sort,
      page: view.page,
    },
    { enabled: !waitingForQuestions },
  );

  /** Every change but paging starts again from the first page. */
  const update = (change: Partial<ArchiveView>) => {
    const next = { ...view, page: 1, ...change };
    setView(next);
    setSearchParams(writeArchiveView(next), { preventScrollReset: true });
  };

  // An address past the last page (bookmarked, or the archive shrank) goes to the last page.
  const totalPages = assets.data?.meta.totalPages ?? 0;
  const pastTheEnd = !assets.isPlaceholderData && totalPages > 0 && view.page > totalPages;
  useEffect(() => {
    // The view follows once the address has changed.
    if (pastTheEnd)
      setSearchParams(writeArchiveView({ ...view, page: totalPages }), { replace: true, preventScrollReset: true });
  }, [pastTheEnd, totalPages, view, setSearchParams]);

  const handlePageChange = (page: number) => {
    update({ page });
    const heading = document.getElementById(ARCHIVE_RESULTS_HEADING_ID);
    if (heading && heading.getBoundingClientRect().top < 0) heading.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <title>{`${t('archive.title', { ns: 'public' })} · ${t('appName', { ns: 'common' })}`}</title>
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('archive.title', { ns: 'public' })}
      </h1>
      <p className="mt-3 max-w-4xl text-stone-600">{t('lead')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-8">
        <div>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={filterPanelId}
            onClick={() => setFiltersOpen((open) => !open)}
            className="mb-4 inline-flex w-full items-center justify-between gap-2 rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 lg:hidden"
          >
            {filtersOpen ? t('filters.hide') : t('filters.show')}
            <ChevronDownIcon className={cn('size-4 transition-transform', filtersOpen && 'rotate-180')} />
          </button>
          <aside
            id={filterPanelId}
            aria-label={t('filters.panel')}
            className={cn(filtersOpen ? 'block' : 'hidden', 'lg:block')}
          >
            <ArchiveFilters
              datasets={datasets.data?.items ?? []}
              datasetsPending={datasets.isPending}
              datasetsError={datasets.error}
              datasetId={view.datasetId}
              questions={questions}
              questionsPending={view.datasetId !== null && filters.isPending}
              questionsError={filters.error}
              chosen={view.chosen}
              mediaTypes={view.mediaTypes}
              onDatasetChange={(datasetId) => update({ datasetId, chosen: {} })}
              onChosenChange={(chosen) => update({ chosen })}
              onMediaTypesChange={(mediaTypes) => update({ mediaTypes })}
              onClear={() => update({ datasetId: null, chosen: {}, mediaTypes: [] })}
            />
          </aside>
        </div>

        <ArchiveResults
          assets={assets}
          ready={!waitingForQuestions}
          sort={view.sort}
          onSortChange={(sort) => update({ sort })}
          onPageChange={handlePageChange}
          onOpen={setOpenAsset}
        />
      </div>

      <ArchiveMediaModal asset={openAsset} onClose={() => setOpenAsset(null)} />
    </div>
  );
};
