import type { AssetSummary } from '@trashegimia/contract/assets';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@/shared/config/data-constants';
import type { AssetSort } from '@/shared/filters/asset-query';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { NotPublicCount } from '@/shared/ui/not-public-count';
import { Spinner } from '@/shared/ui/spinner';
import { useDatasetAssets, type DatasetAssetsParams } from '../api/get-dataset-assets';
import { AssetListItem } from './asset-list-item';

type AssetListProps = {
  params: DatasetAssetsParams;
  /** False while chosen filters wait for the questions they must be checked against. */
  enabled: boolean;
  onSortChange: (sort: AssetSort) => void;
  canEdit: boolean;
  onShowDetails: (asset: AssetSummary) => void;
  onShowMap: (asset: AssetSummary) => void;
};

export const ASSET_LIST_HEADING_ID = 'dataset-assets-heading';

const SORT_OPTIONS: { value: AssetSort; label: 'dataset.list.sortDate' | 'dataset.list.sortName' }[] = [
  { value: 'date', label: 'dataset.list.sortDate' },
  { value: 'name', label: 'dataset.list.sortName' },
];

/**
 * The dataset's assets, 20 at a time: the next page loads when the end of the list comes within
 * 100 px of the viewport (an IntersectionObserver sentinel), or with the 'load more' button.
 */
export const AssetList = ({ params, enabled, onSortChange, canEdit, onShowDetails, onShowMap }: AssetListProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const errorText = useErrorText();
  const assets = useDatasetAssets(params, { enabled });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = assets;
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = assets.data?.pages.flatMap((page) => page.items) ?? [];
  const lastMeta = assets.data?.pages.at(-1)?.meta;
  const total = lastMeta?.totalItems ?? 0;
  const loadFailedText = t('dataset.list.loadFailed');

  return (
    <section aria-labelledby={ASSET_LIST_HEADING_ID} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={ASSET_LIST_HEADING_ID} className="scroll-mt-32 font-serif text-xl font-semibold text-stone-900">
            {t('dataset.list.title')}
          </h2>
          {assets.isSuccess && (
            <p className="text-sm text-stone-600" aria-live="polite">
              {t('dataset.list.count', { total: formatNumber(total, language) })}
              <NotPublicCount count={lastMeta?.notPublic} />
            </p>
          )}
        </div>
        <div
          role="group"
          aria-label={t('dataset.list.sortLabel')}
          className="inline-flex rounded-md border border-stone-300 bg-white p-0.5 shadow-sm"
        >
          {SORT_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={params.sort === option.value}
              onClick={() => onSortChange(option.value)}
              className={cn(
                'rounded px-3 py-1.5 text-sm font-semibold transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600',
                params.sort === option.value ? 'bg-brand-700 text-white' : 'text-stone-600 hover:bg-stone-100',
              )}
            >
              {t(option.label)}
            </button>
          ))}
        </div>
      </div>

      {(assets.isPending || !enabled) && !assets.isError && (
        <p role="status" className="flex items-center gap-2 py-8 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {t('loading', { ns: 'common' })}
        </p>
      )}

      {assets.isError && items.length === 0 && (
        <div className="flex flex-col items-start gap-3">
          <Alert>
            <p className="font-semibold">{loadFailedText}</p>
            <p>{errorText(assets.error, loadFailedText)}</p>
          </Alert>
          <Button variant="secondary" onClick={() => void assets.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </div>
      )}

      {assets.isSuccess && items.length === 0 && (
        <p
          role="status"
          className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600"
        >
          {t('dataset.list.empty')}
        </p>
      )}

      {items.length > 0 && (
        <ol className="flex flex-col gap-3">
          {items.map((asset, index) => (
            <AssetListItem
              key={asset.id}
              asset={asset}
              position={index + 1}
              canEdit={canEdit}
              onShowDetails={onShowDetails}
              onShowMap={onShowMap}
            />
          ))}
        </ol>
      )}

      <div ref={sentinelRef} aria-hidden="true" />

      {items.length > 0 && (
        <div className="flex flex-col items-center gap-2 pt-2 pb-6 text-sm text-stone-600">
          {assets.isFetchNextPageError && <Alert>{errorText(assets.error, loadFailedText)}</Alert>}
          {hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void fetchNextPage()}
              loading={isFetchingNextPage}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? t('dataset.list.loadingMore') : t('dataset.list.loadMore')}
            </Button>
          ) : (
            <p role="status">{t('dataset.list.allLoaded', { count: formatNumber(total, language) })}</p>
          )}
        </div>
      )}
    </section>
  );
};
