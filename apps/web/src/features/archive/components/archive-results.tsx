import type { AssetList, AssetSummary } from '@trashegimia/contract/assets';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Spinner } from '@/shared/ui/spinner';
import type { ArchiveSort } from '../lib/archive-params';
import { ArchiveCard } from './archive-card';
import { ArchivePager } from './archive-pager';

/** Cards on the first row at the widest layout (xl:grid-cols-4): in view on arrival. */
const FIRST_ROW_CARDS = 4;

export const ARCHIVE_RESULTS_HEADING_ID = 'archive-results';

type ArchiveResultsProps = {
  assets: UseQueryResult<AssetList>;
  /** False while chosen filters wait for their questions. */
  ready: boolean;
  sort: ArchiveSort;
  onSortChange: (sort: ArchiveSort) => void;
  onPageChange: (page: number) => void;
  onOpen: (asset: AssetSummary) => void;
};

const SORTS: ArchiveSort[] = ['popular', 'alphabetical'];

/** The media cards of one page, with the total, the sort and the pager. */
export const ArchiveResults = ({ assets, ready, sort, onSortChange, onPageChange, onOpen }: ArchiveResultsProps) => {
  const { t } = useTranslation('archive');
  const language = useLanguage();
  const errorText = useErrorText();
  const sortId = useId();
  const list = assets.data;
  const loadFailed = t('results.loadFailed');

  return (
    <section aria-labelledby={ARCHIVE_RESULTS_HEADING_ID} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={ARCHIVE_RESULTS_HEADING_ID} className="font-serif text-xl font-semibold text-stone-900">
            {t('results.heading')}
          </h2>
          {list && (
            <p className="text-sm text-stone-600">
              {t('results.count', { formatted: formatNumber(list.meta.totalItems, language) })}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-semibold text-stone-700">
            {t('sort.label')}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => onSortChange(event.target.value as ArchiveSort)}
            className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-600"
          >
            {SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`sort.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {(!ready || assets.isPending) && !assets.isError && (
        <p role="status" className="flex items-center gap-2 py-8 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {t('results.loading')}
        </p>
      )}

      {assets.isError && (
        <div className="flex flex-col items-start gap-3">
          <Alert>
            <p className="font-semibold">{loadFailed}</p>
            <p>{errorText(assets.error, loadFailed)}</p>
          </Alert>
          <Button variant="secondary" onClick={() => void assets.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </div>
      )}

      {ready && list && !assets.isError && list.items.length === 0 && (
        <p
          role="status"
          className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600"
        >
          {t('results.empty')}
        </p>
      )}

      {ready && list && !assets.isError && list.items.length > 0 && (
        <>
          <ul
            aria-busy={assets.isPlaceholderData || undefined}
            className={cn(
              'grid gap-4 sm:grid-cols-2 xl:grid-cols-4',
              assets.isPlaceholderData && 'opacity-60 transition-opacity',
            )}
          >
            {list.items.map((asset, index) => (
              <ArchiveCard key={asset.id} asset={asset} onOpen={onOpen} inFirstRow={index < FIRST_ROW_CARDS} />
            ))}
          </ul>
          <ArchivePager page={list.meta.page} totalPages={list.meta.totalPages} onPageChange={onPageChange} />
        </>
      )}
    </section>
  );
};
