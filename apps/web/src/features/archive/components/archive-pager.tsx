import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';

type ArchivePagerProps = { page: number; totalPages: number; onPageChange: (page: number) => void };

export const ArchivePager = ({ page, totalPages, onPageChange }: ArchivePagerProps) => {
  const { t } = useTranslation('archive');
  return (
    <nav aria-label={t('paging.label')} className="flex items-center justify-center gap-3 pt-2 pb-6">
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
