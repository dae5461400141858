import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { scrollIntoViewGently } from '@/shared/browser/scroll-into-view';
import { paths } from '@/shared/config/paths';
import { formatCoordinates, formatDate } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { CloseIcon } from '@/shared/ui/icons';
import type { MapAsset } from '../lib/map-assets';
import { recordsRisk } from '@trashegimia/contract/risk-levels';

const nameOf = (asset: MapAsset, noName: string) => asset.name?.trim() || noName;

/** The marker's popup: name, municipality, village and date (spec §2). */
export const AssetPopupContent = ({ asset }: { asset: MapAsset }) => {
  const { t } = useTranslation('map');
  const language = useLanguage();
  return (
    <div className="min-w-44 font-sans">
      <p className="mb-1.5 font-serif text-base font-semibold text-stone-900">{nameOf(asset, t('asset.noName'))}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-stone-700">
        <dt className="text-stone-500">{t('asset.municipality')}</dt>
        <dd>{asset.municipality ?? '—'}</dd>
        <dt className="text-stone-500">{t('asset.village')}</dt>
        <dd>{asset.village ?? '—'}</dd>
        <dt className="text-stone-500">{t('asset.date')}</dt>
        <dd>{formatDate(asset.date, language)}</dd>
      </dl>
    </div>
  );
};

type AssetCardProps = {
  asset: MapAsset;
  /** Take the keyboard focus when shown (the asset was chosen from the list, not clicked on the map). */
  takeFocus: boolean;
  onClose: () => void;
};

/**
 * The detail card of the chosen asset: where it is, its dataset and risk, and the ways to its own
 * page and to its place in the dataset's list (found there by its name).
 */
export const AssetCard = ({ asset, takeFocus, onClose }: AssetCardProps) => {
  const { t } = useTranslation('map');
  const language = useLanguage();
  const cardRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = nameOf(asset, t('asset.noName'));
  const recorded = recordsRisk(asset.risk) ? asset.riskLevel : null;

  // Focus alone would scroll the heading to the very top, under the sticky header: the card is
  // scrolled into view by its own margins instead.
  useEffect(() => {
    if (!takeFocus) return;
    headingRef.current?.focus({ preventScroll: true });
    if (cardRef.current) scrollIntoViewGently(cardRef.current);
  }, [takeFocus, asset.id]);

  // The dataset page keeps its search in `q`: the asset is found there by its name.
  const datasetHref = asset.name?.trim()
    ? `${paths.dataset.getHref(asset.datasetId)}?${new URLSearchParams({ q: asset.name.trim() }).toString()}`
    : paths.dataset.getHref(asset.datasetId);

  return (
    <section
      ref={cardRef}
      aria-label={t('asset.card')}
      className="pointer-events-auto w-full scroll-mt-below-header scroll-mb-3 rounded-xl border border-stone-200 bg-white/95 p-4 shadow-lg backdrop-blur sm:w-80"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="font-serif text-lg leading-snug font-semibold text-stone-900 focus:outline-none"
        >
          {name}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('asset.close')}
          className="-m-1 rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-amber-600"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
        <dt className="text-stone-500">{t('asset.dataset')}</dt>
        <dd>{asset.datasetName}</dd>
        <dt className="text-stone-500">{t('asset.municipality')}</dt>
        <dd>{asset.municipality ?? '—'}</dd>
        <dt className="text-stone-500">{t('asset.village')}</dt>
        <dd>{asset.village ?? '—'}</dd>
        <dt className="text-stone-500">{t('asset.date')}</dt>
        <dd>{formatDate(asset.date, language)}</dd>
        <dt className="text-stone-500">{t('asset.risk')}</dt>
        <dd className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-full"
            style={{ backgroundColor: recorded ? RISK_COLORS[recorded] : asset.color }}
          />
          {recorded ? t(`risk.${recorded}`) : t('asset.unassessed')}
        </dd>
        <dt className="text-stone-500">{t('asset.coordinates')}</dt>
        <dd>{formatCoordinates(asset.lat, asset.lng, language)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
        <Link
          to={paths.asset.getHref(asset.id)}
          className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          {t('asset.openPage')}
        </Link>
        <Link to={datasetHref} className="text-brand-800 underline underline-offset-4 hover:text-brand-900">
          {t('asset.open')}
        </Link>
      </div>
    </section>
  );
};
