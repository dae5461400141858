import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';

type ListPagerProps = { page: number; totalPages: number; onPageChange: (page: number) => void };

/** Prev / 'Page x / total' / Next under a back-office list (spec §2). */
export const ListPager = ({ page, totalPages, onPageChange }: ListPagerProps) => {
  const { t } = useTranslation('surveys');
  return (
    <nav aria-label={t('list.paging.label')} className="flex items-center justify-center gap-3 py-6">
      <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        {t('list.paging.previous')}
      </Button>
      <p aria-live="polite" className="text-sm text-stone-600 tabular-nums">
        {t('list.paging.position', { page, total: totalPages })}
      </p>
      <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages}>
        {t('list.paging.next')}
      </Button>
    </nav>
  );
};
