import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import type { ReviewDecision } from './review-dialog';

type BulkReviewBarProps = {
  selectedCount: number;
  allMatching: boolean;
  /** Every asset on the page is ticked, so selecting all that match is offered. */
  pageFullySelected: boolean;
  pageCount: number;
  totalMatching: number;
  onSelectAllMatching: () => void;
  onReview: (decision: ReviewDecision) => void;
  onClear: () => void;
};

/** What is selected for bulk review, the offer to widen it to every match, and the two decisions. */
export const BulkReviewBar = ({
  selectedCount,
  allMatching,
  pageFullySelected,
  pageCount,
  totalMatching,
  onSelectAllMatching,
  onReview,
  onClear,
}: BulkReviewBarProps) => {
  const { t } = useTranslation('assetsAdmin');
  const canWiden = pageFullySelected && !allMatching && totalMatching > selectedCount;
  return (
    <section
      aria-label={t('list.selection.bar')}
      className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm"
    >
      <p role="status" className="font-semibold text-stone-800">
        {t('list.selection.selected', { count: selectedCount })}
      </p>
      {allMatching && (
        <p className="text-stone-700">{t('list.selection.allMatchingSelected', { count: totalMatching })}</p>
      )}
      {canWiden && (
        <>
          <p className="text-stone-700">{t('list.selection.pageSelected', { count: pageCount })}</p>
          <Button variant="ghost" className="px-2.5 py-1.5 underline" onClick={onSelectAllMatching}>
            {t('list.selection.selectAllMatching', { count: totalMatching })}
          </Button>
        </>
      )}
      <div className="ml-auto flex flex-wrap gap-2">
        <Button onClick={() => onReview('APPROVED')}>{t('list.selection.approve')}</Button>
        <Button variant="secondary" className="text-red-700" onClick={() => onReview('REJECTED')}>
          {t('list.selection.reject')}
        </Button>
        <Button variant="ghost" onClick={onClear}>
          {t('list.selection.clear')}
        </Button>
      </div>
    </section>
  );
};
