import type { Dataset } from '@trashegimia/contract/datasets';
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDatasets } from '@/shared/api/get-datasets';
import { paths } from '@/shared/config/paths';
import { type AssetRange, hasRange, type MapArea, readRange, writeRange } from '@/shared/filters/asset-range';
import { formatNumber } from '@/shared/format/format';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { MapPlaceholder } from '@/shared/map/map-placeholder';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { NotPublicCount } from '@/shared/ui/not-public-count';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { usePainted } from '@/shared/ui/use-painted';
import { useMapPoints } from '../api/get-map-points';
import { AssetCard } from '../components/asset-details';
import { MapPanel } from '../components/map-panel';
import { ShownAssetsList } from '../components/shown-assets-list';
import { chosenDatasets, toMapAssets } from '../lib/map-assets';
import { MAP_DATASET_LIMIT, MAP_DATASET_SLOTS, SEARCH_DEBOUNCE_MS } from '../lib/map-constants';
import type { RiskChoice } from '../lib/map-data';
import { useDebouncedValue } from '../lib/use-debounced-value';

// Leaflet loads once the page has painted, not before it: the page's text is not held up by it.
const PointsMap = lazy(() => import('../components/points-map').then((module) => ({ default: module.PointsMap })));

const NO_DATASETS: Dataset[] = [];
const RISK_LEVELS = ['high', 'medium', 'low'] as const;

/** Until the visitor chooses, the first dataset fills the first slot. */
const defaultSlots = (datasets: Dataset[]) =>
  Array.from({ length: MAP_DATASET_SLOTS }, (_, index) => (index === 0 ? (datasets[0]?.id ?? null) : null));

type Selection = { id: string; from: 'map' | 'list' };

/**
 * /map 'Harta Interaktive': the panel (search, risk level, five dataset slots) beside a map of every
 * chosen dataset's assets, a popup and a detail card for the one chosen, and the count in words.
 */
export const MapRoute = () => {
  const { t } = useTranslation('map');
  const { t: tPublic } = useTranslation('public');
  const language = useLanguage();
  const panelId = useId();
  const painted = usePainted();
  const [panelOpen, setPanelOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [risk, setRisk] = useState<RiskChoice>('all');
  const [chosenSlots, setChosenSlots] = useState<(number | null)[] | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  // The date range and the area searched are in the address, so a reload or a shared link shows them.
  const [searchParams, setSearchParams] = useSearchParams();
  const rangeText = JSON.stringify(readRange(searchParams));
  const range = useMemo<AssetRange>(() => JSON.parse(rangeText) as AssetRange, [rangeText]);
  const view = useRef<MapArea | null>(null);
  const handleViewChange = useCallback((area: MapArea) => {
    view.current = area;
  }, []);
  const changeRange = (change: Partial<AssetRange>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        writeRange(next, { ...range, ...change });
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const datasetList = useDatasets({ page: 1, limit: MAP_DATASET_LIMIT });
  const datasets = datasetList.data?.items ?? NO_DATASETS;
  const slots = useMemo(() => chosenSlots ?? defaultSlots(datasets), [chosenSlots, datasets]);
  const shown = useMemo(() => chosenDatasets(slots, datasets), [slots, datasets]);
  const queries = useMemo(
    () =>
      shown.map((dataset) => ({
        datasetId: dataset.id,
        search: settledSearch,
        riskLevel: risk === 'all' ? undefined : risk,
        range,
      })),
    [shown, settledSearch, risk, range],
  );
  const points = useMapPoints(queries);
  const assets = useMemo(() => toMapAssets(shown, points.byDataset, language), [shown, points.byDataset, language]);
  const selected = selection ? (assets.find((asset) => asset.id === selection.id) ?? null) : null;

  const handleSlotChange = (index: number, datasetId: number | null) =>
    setChosenSlots(slots.map((current, other) => (other === index ? datasetId : current)));
  const handleSelect = useCallback((id: string) => setSelection({ id, from: 'map' }), []);
  // A popup closing because another opened must not clear the new choice.
  const handleDeselect = useCallback(
    (id: string) => setSelection((current) => (current?.id === id ? null : current)),
    [],
  );

  const notPublic = points.byDataset.reduce((sum, loaded) => sum + (loaded?.notPublic ?? 0), 0);
  const loading = datasetList.isPending || (shown.length > 0 && points.isPending);
  const failed = points.error !== null;
  const emptyText =
    datasetList.isSuccess && shown.length === 0
      ? datasets.length === 0
        ? t('datasets.empty')
        : t('status.noDataset')
      : !loading && !failed && assets.length === 0
        ? t('status.empty')
        : null;
  const notices = shown.flatMap((dataset, index) => {
    const loaded = points.byDataset[index];
    if (!loaded || loaded.coverage.kind === 'complete') return [];
    const shownCount = formatNumber(loaded.points.length, language);
    return [
      loaded.coverage.kind === 'truncated'
        ? t('status.truncated', {
            name: datasetNameIn(dataset, language),
            shown: shownCount,
            total: formatNumber(loaded.coverage.totalItems, language),
          })
        : t('status.fallback', { name: datasetNameIn(dataset, language), shown: shownCount }),
    ];
  });

  return (
    <div className="mx-auto w-full max-w-[96rem] px-4 py-6 sm:px-6 lg:py-8">
      <title>{`${tPublic('map.title')} · ${t('appName', { ns: 'common' })}`}</title>
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {tPublic('map.title')}
      </h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        {/* min-w-0: on a phone the list's long names are cut to fit instead of widening the page. */}
        <div className="min-w-0">
          <button
            type="button"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
            className="mb-4 inline-flex w-full items-center justify-between gap-2 rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 lg:hidden"
          >
            {panelOpen ? t('panel.hide') : t('panel.show')}
            <ChevronDownIcon className={cn('size-4 transition-transform', panelOpen && 'rotate-180')} />
          </button>
          <aside
            id={panelId}
            aria-label={t('panel.label')}
            className={cn(panelOpen ? 'flex' : 'hidden', 'flex-col gap-4 lg:flex')}
          >
            <MapPanel
              search={search}
              onSearchChange={setSearch}
              risk={risk}
              onRiskChange={setRisk}
              dates={range}
              onDatesChange={changeRange}
              datasets={{
                items: datasets,
                isPending: datasetList.isPending,
                error: datasetList.error,
                retry: () => void datasetList.refetch(),
              }}
              slots={slots}
              onSlotChange={handleSlotChange}
            />
            <ShownAssetsList
              assets={assets}
              selectedId={selected?.id ?? null}
              onChoose={(id) => setSelection({ id, from: 'list' })}
            />
          </aside>
        </div>

        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center justify-end gap-2 text-sm text-stone-700">
            {range.area && <p className="mr-auto">{t('area.active')}</p>}
            {range.area && (
              <Button variant="secondary" onClick={() => changeRange({ area: null })}>
                {t('area.clear')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => view.current && changeRange({ area: view.current })}>
              {t('area.search')}
            </Button>
          </div>
          {/* isolate: the overlays' z-index stays inside the map, under the sticky header. */}
          <div className="relative isolate h-[65vh] min-h-[24rem] overflow-hidden rounded-xl border border-stone-200 shadow-sm">
            {painted ? (
              <Suspense fallback={<MapPlaceholder />}>
                <PointsMap
                  assets={assets}
                  label={t('mapLabel')}
                  selected={selected}
                  bringSelectedIntoView={selection?.from === 'list'}
                  onSelect={handleSelect}
                  onDeselect={handleDeselect}
                  area={range.area}
                  onViewChange={handleViewChange}
                />
              </Suspense>
            ) : (
              <MapPlaceholder />
            )}
            <div className="pointer-events-none absolute inset-x-0 top-3 z-[500] flex justify-center px-3">
              {loading && (
                <p
                  role="status"
                  className="inline-flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-sm text-stone-700 shadow"
                >
                  <Spinner className="size-4 text-brand-700" />
                  {t('status.loading')}
                </p>
              )}
              {failed && (
                <div
                  role="alert"
                  className="pointer-events-auto flex flex-col items-center gap-2 rounded-lg border border-red-200 bg-white/95 px-4 py-3 text-center text-sm shadow"
                >
                  <p className="font-semibold text-red-800">{t('status.loadFailed')}</p>
                  <p className="text-stone-600">{t('status.tryLater')}</p>
                  <Button variant="secondary" onClick={points.retry}>
                    {t('retry', { ns: 'common' })}
                  </Button>
                </div>
              )}
              {emptyText && (
                <p role="status" className="rounded-lg bg-white/95 px-4 py-2 text-center text-sm text-stone-700 shadow">
                  {emptyText}
                </p>
              )}
            </div>
            {selected && (
              <div className="pointer-events-none absolute inset-x-3 bottom-8 z-[500] flex sm:right-auto">
                <AssetCard asset={selected} takeFocus={selection?.from === 'list'} onClose={() => setSelection(null)} />
              </div>
            )}
          </div>

          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-stone-600">
            <p aria-live="polite">
              {!loading && shown.length > 0 && (
                <>
                  {t('status.count', { formatted: formatNumber(assets.length, language) })}
                  <NotPublicCount count={notPublic} />
                </>
              )}
            </p>
            <ul aria-label={t('legend.title')} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
              {RISK_LEVELS.map((level) => (
                <li key={level} className="inline-flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-full"
                    style={{ backgroundColor: RISK_COLORS[level] }}
                  />
                  {t(`legend.${level}`)}
                </li>
              ))}
              {shown.map((dataset, index) => (
                <li key={dataset.id} className="inline-flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-full"
                    style={{ backgroundColor: datasetColor(dataset.pillColor) }}
                  />
                  {t('legend.unassessed', { name: datasetNameIn(dataset, language) })}
                  <NotPublicCount count={points.byDataset[index]?.notPublic} />
                </li>
              ))}
            </ul>
          </div>
          {hasRange(range) && shown.length > 0 && (
            <ul aria-label={t('area.lists')} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {shown.map((dataset) => {
                const params = new URLSearchParams();
                writeRange(params, range);
                return (
                  <li key={dataset.id}>
                    <Link
                      to={`${paths.dataset.getHref(dataset.id)}?${params.toString()}`}
                      className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
                    >
                      {t('area.openList', { name: datasetNameIn(dataset, language) })}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {notices.map((notice) => (
            <p key={notice} className="text-sm text-amber-800">
              {notice}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
};
