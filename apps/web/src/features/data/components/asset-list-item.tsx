import type { AssetSummary } from '@trashegimia/contract/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ASSET_NAME_MAX_LENGTH, ITEM_NUMBER_DIGITS } from '@/shared/config/data-constants';
import { paths } from '@/shared/config/paths';
import { formatDate, padNumber, truncateText } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { hasCoordinates } from '@/shared/map/asset-color';
import { buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { useTapAndHold } from '@/shared/ui/use-tap-and-hold';
import { AssetPdfButton } from './asset-pdf-button';
import { StatusBadge } from './status-badge';

type AssetListItemProps = {
  asset: AssetSummary;
  /** 1-based position in the list, shown as 0001. */
  position: number;
  canEdit: boolean;
  onShowDetails: (asset: AssetSummary) => void;
  onShowMap: (asset: AssetSummary) => void;
};

const actionClasses = buttonClasses('secondary', 'px-3 py-1.5 text-xs');

const PlaceholderImage = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true" className="size-8">
    <path d="M3 20h18M5 20V9l7-5 7 5v11M9 20v-6h6v6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** One asset: number, photo, name (cut at 50, whole on tap-and-hold), place, and its actions. */
export const AssetListItem = ({ asset, position, canEdit, onShowDetails, onShowMap }: AssetListItemProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const fullName = asset.name?.trim() || t('asset.noName');
  const name = truncateText(fullName, ASSET_NAME_MAX_LENGTH);
  const truncated = name !== fullName;
  const [fullNameShown, setFullNameShown] = useState(false);
  // The full name is the title a mouse hovers over; a finger cannot hover, so it taps and holds.
  const toggleFullName = useTapAndHold(() => setFullNameShown((shown) => !shown));
  const place = [asset.municipality, asset.village].filter((part) => part?.trim()).join(' · ');

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        <span className="w-12 shrink-0 font-mono text-sm font-semibold text-stone-500 tabular-nums">
          {padNumber(position, ITEM_NUMBER_DIGITS)}
        </span>
        {asset.photoUrl ? (
          <img
            src={asset.photoUrl}
            alt=""
            loading="lazy"
            width={80}
            height={80}
            className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover sm:size-20"
          />
        ) : (
          <span
            role="img"
            aria-label={t('dataset.item.noPhoto')}
            className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-300 sm:size-20"
          >
            <PlaceholderImage />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3
            className={cn(
              'font-serif text-base leading-snug font-semibold break-words text-stone-900 sm:text-lg',
              // Held, the text would otherwise be selected and the browser's menu cover it.
              truncated && 'pointer-coarse:select-none pointer-coarse:[-webkit-touch-callout:none]',
            )}
            title={fullName}
            {...(truncated && toggleFullName)}
          >
            {fullNameShown ? fullName : name}
          </h3>
          {place && <p className="mt-0.5 text-sm text-stone-600">{place}</p>}
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-stone-500">
            {formatDate(asset.date, language)}
            {/* Public lists hold approved assets only; admins also see the others, marked. */}
            {asset.status !== 'APPROVED' && <StatusBadge status={asset.status} />}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <button type="button" className={actionClasses} onClick={() => onShowDetails(asset)}>
          {t('dataset.item.details')}
          <span className="sr-only">: {fullName}</span>
        </button>
        <AssetPdfButton asset={asset} label={t('dataset.item.pdf')} className={actionClasses} />
        {hasCoordinates(asset) && (
          <button type="button" className={actionClasses} onClick={() => onShowMap(asset)}>
            {t('dataset.item.map')}
            <span className="sr-only">: {fullName}</span>
          </button>
        )}
        {canEdit && (
          <Link to={paths.admin.asset.getHref(asset.id)} className={actionClasses}>
            {t('dataset.item.edit')}
            <span className="sr-only">: {fullName}</span>
          </Link>
        )}
      </div>
    </li>
  );
};
