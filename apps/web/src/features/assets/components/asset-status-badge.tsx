import type { AssetStatus } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';

/** Spec §4: approved green, rejected red, others grey. */
const TONES: Record<AssetStatus, string> = {
  APPROVED: 'bg-emerald-100 text-emerald-800',
  REJECTED: 'bg-red-100 text-red-800',
  UPLOADED: 'bg-stone-200 text-stone-700',
  PASSIVE: 'bg-stone-200 text-stone-700',
};

export const AssetStatusBadge = ({ status }: { status: AssetStatus }) => {
  const { t } = useTranslation('assetsAdmin');
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[status])}>
      {t(`list.status.${status}`)}
    </span>
  );
};
