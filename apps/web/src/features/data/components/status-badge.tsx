import type { AssetStatus } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';

/** APPROVED green, REJECTED red, anything else pending in yellow (spec §3). */
export const StatusBadge = ({ status }: { status: AssetStatus }) => {
  const { t } = useTranslation('public');
  const tone =
    status === 'APPROVED'
      ? { label: t('asset.status.approved'), classes: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30' }
      : status === 'REJECTED'
        ? { label: t('asset.status.rejected'), classes: 'bg-red-100 text-red-900 ring-red-600/30' }
        : { label: t('asset.status.pending'), classes: 'bg-yellow-100 text-yellow-900 ring-yellow-600/40' };
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1', tone.classes)}
    >
      {tone.label}
    </span>
  );
};
