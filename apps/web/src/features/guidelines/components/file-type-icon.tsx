import type { GuidelineContentType } from '@trashegimia/contract/guidelines';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';

/** A sheet with a folded corner and a coloured band naming the format: red PDF, blue Word (W). */
const STYLES = {
  pdf: { band: 'fill-red-700', label: 'PDF' },
  word: { band: 'fill-blue-700', label: 'W' },
} as const satisfies Record<GuidelineContentType, { band: string; label: string }>;

/** The document's file-type icon, named for screen readers ('PDF document', 'Word document'). */
export const FileTypeIcon = ({ type, className }: { type: GuidelineContentType; className?: string }) => {
  const { t } = useTranslation('documentation');
  const style = STYLES[type];
  return (
    <svg viewBox="0 0 32 40" role="img" aria-label={t(`type.${type}`)} className={cn('shrink-0', className)}>
      <path d="M3 1h18l8 8v28a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2Z" className="fill-white stroke-stone-300" />
      <path d="M21 1v6a2 2 0 0 0 2 2h6" className="fill-stone-100 stroke-stone-300" />
      <rect x="0" y="20" width="26" height="12" rx="2" className={style.band} />
      <text x="13" y="29" textAnchor="middle" className="fill-white font-sans text-[8px] font-bold" aria-hidden="true">
        {style.label}
      </text>
    </svg>
  );
};
