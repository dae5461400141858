import type { AssetSummary } from '@trashegimia/contract/assets';
import type { Dataset } from '@trashegimia/contract/datasets';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasetMapAssets } from '@/shared/api/get-dataset-respondents';
import { MAP_ASSET_LIMIT } from '@/shared/config/data-constants';
import { formatDate, formatNumber } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { assetColor, datasetColor, hasCoordinates } from '@/shared/map/asset-color';
import type { MapPoint } from '@/shared/map/asset-map';
import { RISK_COLORS } from '@/shared/map/map-constants';
import { MapPlaceholder } from '@/shared/map/map-placeholder';
import { Spinner } from '@/shared/ui/spinner';
import { usePainted } from '@/shared/ui/use-painted';

// Leaflet loads once the page's text has been painted, not before it (nor on the server, where it cannot run).
const AssetMap = lazy(() => import('@/shared/map/asset-map').then((module) => ({ default: module.AssetMap })));

type PopupTexts = { noName: string; municipality: string; village: string; date: string };

/** The popup: name, municipality, village and date (spec §2). */
const AssetPopup = ({ asset, texts, language }: { asset: AssetSummary; texts: PopupTexts; language: Language }) => (
  <div className="min-w-44 font-sans">
    <p className="mb-1.5 font-serif text-base font-semibold text-stone-900">{asset.name?.trim() || texts.noName}</p>
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-stone-700">
      <dt className="text-stone-500">{texts.municipality}</dt>
      <dd>{asset.municipality ?? '—'}</dd>
      <dt className="text-stone-500">{texts.village}</dt>
      <dd>{asset.village ?? '—'}</dd>
      <dt className="text-stone-500">{texts.date}</dt>
      <dd>{formatDate(asset.date, language)}</dd>
    </dl>
  </div>
);

/** The selected dataset's assets (up to 1000) as circles coloured by risk, or the dataset colour. */
export const HomeMap = ({ dataset }: { dataset: Dataset }) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const painted = usePainted();
  const { data, isPending, isError } = useDatasetMapAssets({ datasetId: dataset.id, page: 1, limit: MAP_ASSET_LIMIT });
  const color = datasetColor(dataset.pillColor);

  const points = useMemo<MapPoint[]>(() => {
    const texts: PopupTexts = {
      noName: t('asset.noName'),
      municipality: t('asset.municipality'),
      village: t('asset.village'),
      date: t('asset.date'),
    };
    return (data?.items ?? []).filter(hasCoordinates).map((asset) => ({
      id: asset.id,
      latitude: asset.locationAlt,
      longitude: asset.locationLong,
      color: assetColor(asset, color),
      popup: <AssetPopup asset={asset} texts={texts} language={language} />,
    }));
  }, [data, color, t, language]);

  return (
    <div className="flex flex-col gap-2">
      <div className="relative h-[360px] overflow-hidden rounded-xl border border-stone-200 shadow-sm sm:h-[460px]">
        {painted ? (
          <Suspense fallback={<MapPlaceholder />}>
            <AssetMap points={points} label={t('home.map.label', { name: datasetNameIn(dataset, language) })} />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
        <div className="pointer-events-none absolute inset-x-0 top-3 z-[500] flex justify-center px-3">
          {isPending && (
            <p
              role="status"
              className="inline-flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-sm text-stone-700 shadow"
            >
              <Spinner className="size-4 text-brand-700" />
              {t('home.map.loading')}
            </p>
          )}
          {isError && (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-white/95 px-4 py-2 text-center text-sm shadow"
            >
              <p className="font-semibold text-red-800">{t('home.map.loadFailed')}</p>
              <p className="text-stone-600">{t('home.map.tryLater')}</p>
            </div>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-stone-600">
        <p aria-live="polite">
          {data ? t('home.map.count', { count: points.length, formatted: formatNumber(points.length, language) }) : ''}
        </p>
        <ul aria-label={t('home.map.legend')} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {(['high', 'medium', 'low'] as const).map((level) => (
            <li key={level} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-3 rounded-full"
                style={{ backgroundColor: RISK_COLORS[level] }}
              />
              {t(`home.map.risk.${level}`)}
            </li>
          ))}
          <li className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded-full" style={{ backgroundColor: color }} />
            {t('home.map.risk.none')}
          </li>
        </ul>
      </div>
    </div>
  );
};
