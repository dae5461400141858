import type { AssetSummary } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { ASSET_NAME_MAX_LENGTH } from '@/shared/config/data-constants';
import { formatNumber, truncateText } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { MediaTypeIcon } from '@/shared/media/media-type-icon';

type ArchiveCardProps = {
  asset: AssetSummary;
  onOpen: (asset: AssetSummary) => void;
  /** In view when the page opens: its photo loads at once, as it is the page's largest content. */
  inFirstRow?: boolean;
};

/**
 * One asset of the archive: its first photo (or the icon of its first medium), name, municipality,
 * the media types it has and how often it was viewed. The whole card opens its media.
 */
export const ArchiveCard = ({ asset, onOpen, inFirstRow = false }: ArchiveCardProps) => {
  const { t } = useTranslation('archive');
  const language = useLanguage();
  const fullName = asset.name?.trim() || t('asset.noName', { ns: 'public' });
  const firstType = asset.mediaTypes[0];
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-amber-600 hover:shadow-md">
      {asset.photoUrl ? (
        <img
          src={asset.photoUrl}
          alt=""
          loading={inFirstRow ? 'eager' : 'lazy'}
          fetchPriority={inFirstRow ? 'high' : 'auto'}
          width={480}
          height={320}
          className="aspect-[3/2] w-full bg-stone-100 object-cover"
        />
      ) : (
        <span
          role="img"
          aria-label={t('card.noPhoto')}
          className="flex aspect-[3/2] w-full items-center justify-center bg-brand-50 text-brand-300"
        >
          {firstType && <MediaTypeIcon type={firstType} className="size-12" />}
        </span>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-serif text-base leading-snug font-semibold text-stone-900" title={fullName}>
          {/* Stretched over the card, so the whole card is one button with the asset's name. */}
          <button
            type="button"
            onClick={() => onOpen(asset)}
            className="text-left after:absolute after:inset-0 focus-visible:outline-none"
          >
            {truncateText(fullName, ASSET_NAME_MAX_LENGTH)}
            <span className="sr-only">: {t('card.open')}</span>
          </button>
        </h3>
        {asset.municipality && <p className="text-sm text-stone-600">{asset.municipality}</p>}
        <ul aria-label={t('card.mediaTypes')} className="mt-auto flex flex-wrap gap-1.5">
          {asset.mediaTypes.map((type) => (
            <li
              key={type}
              className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700"
            >
              <MediaTypeIcon type={type} className="size-3.5" />
              {t(`types.${type}`, { ns: 'media' })}
            </li>
          ))}
        </ul>
        <p className="text-xs text-stone-500">
          {t('card.views', { formatted: formatNumber(asset.viewCount, language) })}
        </p>
      </div>
    </li>
  );
};
