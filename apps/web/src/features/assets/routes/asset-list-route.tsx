import type { AssetSummary } from '@trashegimia/contract/assets';
import type { PageMeta } from '@trashegimia/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { useStayWithinPages } from '@/shared/routing/use-page-param';
import { useSession } from '@/shared/session/use-session';
import { ListPager } from '@/shared/ui/list-pager';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { useToast } from '@/shared/ui/use-toast';
import { useReviewAssets } from '../api/get-review-assets';
import { useUpdateAssetStatus } from '../api/update-asset-status';
import { useUpdateAssetStatuses } from '../api/update-asset-statuses';
import { AssetListDownload } from '../components/asset-list-download';
import { AssetListFilters } from '../components/asset-list-filters';
import { AssetTable, shortId } from '../components/asset-table';
import { BulkReviewBar } from '../components/bulk-review-bar';
import { ReviewDialog, type ReviewDecision } from '../components/review-dialog';
import { chosenFilters, useAssetListParams } from '../lib/asset-list-params';
import { useAssetSelection } from '../lib/use-asset-selection';

type Reviewing = { decision: ReviewDecision; asset: AssetSummary | null };

/**
 * admin/surveys/assets: filter, page through and review the survey assets (spec §2 'Asset list'),
 * one at a time or many at once with one note, and download every asset that matches. Filters,
 * order and page live in the address.
 */
export const AssetListRoute = () => {
  const { t } = useTranslation('assetsAdmin');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const { isAdmin } = useSession();
  const { filters, sort, page, query, changeFilters, clearFilters, changeSort, goToPage } = useAssetListParams();
  const list = useReviewAssets(query);
  const selection = useAssetSelection(JSON.stringify(filters));
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const statusChange = useUpdateAssetStatus();
  const bulkChange = useUpdateAssetStatuses();

  useStayWithinPages(page, list.data?.meta.totalPages, goToPage);

  const items = list.data?.items ?? [];
  const meta = list.data?.meta;
  const totalMatching = meta?.totalItems ?? 0;
  const selectedCount = selection.countOf(totalMatching);
  const pageIds = items.map((asset) => asset.id);
  const pageFullySelected = items.length > 0 && items.every((asset) => selection.isSelected(asset.id));
  const pending = statusChange.isPending || bulkChange.isPending;
  const reviewError = statusChange.error ?? bulkChange.error;

  const openReview = (decision: ReviewDecision, asset: AssetSummary | null) => {
    statusChange.reset();
    bulkChange.reset();
    setReviewing({ decision, asset });
  };

  const saveReview = (note: string) => {
    if (!reviewing) return;
    const { decision, asset } = reviewing;
    if (asset) {
      statusChange.mutate(
        { id: asset.id, status: decision, adminNote: note },
        {
          onSuccess: () => {
            showToast({
              message: t(decision === 'APPROVED' ? 'list.review.approved' : 'list.review.rejected'),
              tone: 'success',
            });
            setReviewing(null);
          },
        },
      );
      return;
    }
    // A blank note in bulk keeps each asset's own note rather than wiping them all.
    const adminNote = note.trim() ? note : undefined;
    const target = selection.allMatching ? { filter: chosenFilters(filters) } : { ids: [...selection.ids] };
    bulkChange.mutate(
      { ...target, status: decision, adminNote },
      {
        onSuccess: (result) => {
          showToast({ message: t('list.review.updated', result), tone: 'success' });
          if (result.missingIds.length > 0) {
            showToast({
              message: t('list.review.missing', { ids: result.missingIds.map(shortId).join(', ') }),
              tone: 'error',
            });
          }
          selection.clear();
          setReviewing(null);
        },
      },
    );
  };

  const dialogTitle = (decision: ReviewDecision, single: boolean) => {
    if (single) return t(decision === 'APPROVED' ? 'list.review.approveTitle' : 'list.review.rejectTitle');
    return t(decision === 'APPROVED' ? 'list.review.approveManyTitle' : 'list.review.rejectManyTitle');
  };

  return (
    <Page title={t('assets.list', { ns: 'admin' })}>
      <div className="mt-6">
        <AssetListFilters
          filters={filters}
          sort={sort}
          onFiltersChange={changeFilters}
          onClear={clearFilters}
          onSortChange={changeSort}
        />
      </div>

      <div className="mt-6" aria-busy={list.isFetching}>
        {meta && (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600 tabular-nums">
            <p>{t('list.count', { count: meta.totalItems })}</p>
            <AssetListDownload filters={chosenFilters(filters)} matching={meta.totalItems} />
            <p>{t('list.position', { page, total: Math.max(1, meta.totalPages) })}</p>
          </div>
        )}
        {selectedCount > 0 && (
          <BulkReviewBar
            selectedCount={selectedCount}
            allMatching={selection.allMatching}
            pageFullySelected={pageFullySelected}
            pageCount={items.length}
            totalMatching={totalMatching}
            onSelectAllMatching={selection.selectAllMatching}
            onReview={(decision) => openReview(decision, null)}
            onClear={selection.clear}
          />
        )}
        {list.isPending && <ListLoading />}
        {list.isError && <ListLoadError error={list.error} onRetry={() => void list.refetch()} />}
        {list.isSuccess && items.length === 0 && <ListMessage>{t('list.empty')}</ListMessage>}
        {items.length > 0 && (
          <AssetTable
            assets={items}
            canEdit={isAdmin}
            isSelected={selection.isSelected}
            onSelect={(ids, selected) => selection.setSelected(ids, selected, pageIds)}
            onReview={(asset, decision) => openReview(decision, asset)}
          />
        )}
        {list.isSuccess && meta && (
          <ListPager
            page={meta.page}
            totalPages={meta.totalPages}
            onPageChange={goToPage}
            previousLabel={t('list.previous')}
            position={t('list.showing', shownRange(meta, items.length))}
          />
        )}
      </div>

      <ReviewDialog
        decision={reviewing?.decision ?? null}
        title={reviewing ? dialogTitle(reviewing.decision, reviewing.asset !== null) : ''}
        description={
          reviewing?.asset
            ? t('list.review.asset', {
                name: reviewing.asset.name ?? t('list.unnamed'),
                id: shortId(reviewing.asset.id),
              })
            : t('list.review.assets', { count: selectedCount })
        }
        initialNote={reviewing?.asset?.adminNote ?? ''}
        noteHint={reviewing && !reviewing.asset ? t('list.review.noteHintMany') : undefined}
        pending={pending}
        error={reviewError ? errorText(reviewError, t('api.updateAssetStatusFailed', { ns: 'errors' })) : null}
        onSave={saveReview}
        onClose={() => setReviewing(null)}
      />
    </Page>
  );
};

/** 'Showing a-b of total' (spec §2): the rows of this page, counted across the pages before it. */
function shownRange(meta: PageMeta, shownCount: number) {
  const from = shownCount === 0 ? 0 : (meta.page - 1) * meta.limit + 1;
  return { from, to: shownCount === 0 ? 0 : from + shownCount - 1, total: meta.totalItems };
}
