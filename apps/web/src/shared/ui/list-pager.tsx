import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';

type ListPagerProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** What the pager says between its buttons, when a list words it otherwise than 'Page x / total'. */
  position?: string;
  /** The back button's text, when a list words it otherwise than 'Prev'. */
  previousLabel?: string;
};

/** Prev / 'Page x / total' / Next under a list (the back office's, spec §2). */
export const ListPager = ({ page, totalPages, onPageChange, position, previousLabel }: ListPagerProps) => {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('paging.label')} className="flex items-center justify-center gap-3 py-6">
      <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        {previousLabel ?? t('paging.previous')}
      </Button>
      <p aria-live="polite" className="text-sm text-stone-600 tabular-nums">
        {position ?? t('paging.position', { page, total: totalPages })}
      </p>
      <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages}>
        {t('paging.next')}
      </Button>
    </nav>
  );
};
