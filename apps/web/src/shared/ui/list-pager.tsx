import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';

type ListPagerProps = { page: number; totalPages: number; onPageChange: (page: number) => void };

/** Prev / 'Page x / total' / Next under a list (the back office's, spec §2). */
export const ListPager = ({ page, totalPages, onPageChange }: ListPagerProps) => {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('paging.label')} className="flex items-center justify-center gap-3 py-6">
      <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        {t('paging.previous')}
      </Button>
      <p aria-live="polite" className="text-sm text-stone-600 tabular-nums">
        {t('paging.position', { page, total: totalPages })}
      </p>
      <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages}>
        {t('paging.next')}
      </Button>
    </nav>
  );
};
