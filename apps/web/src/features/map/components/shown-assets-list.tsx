import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import type { MapAsset } from '../lib/map-assets';
import { MAP_LIST_LIMIT } from '../lib/map-constants';

type ShownAssetsListProps = { assets: MapAsset[]; selectedId: string | null; onChoose: (id: string) => void };

/**
 * The points as a list, for keyboards and screen readers (a canvas has no elements to reach):
 * the newest 50, each opening its popup and detail card; the search narrows it.
 */
export const ShownAssetsList = ({ assets, selectedId, onChoose }: ShownAssetsListProps) => {
  const { t } = useTranslation('map');
  const language = useLanguage();
  if (assets.length === 0) return null;
  const listed = assets.slice(0, MAP_LIST_LIMIT);
  return (
    <details className="group rounded-xl border border-stone-200 bg-white shadow-sm">
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-semibold text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600">
        {t('list.summary')} ({formatNumber(assets.length, language)})
      </summary>
      <div className="border-t border-stone-200 px-2 py-2">
        {assets.length > listed.length && (
          <p className="px-2 pb-2 text-xs text-stone-500">
            {t('list.more', {
              shown: formatNumber(listed.length, language),
              total: formatNumber(assets.length, language),
            })}
          </p>
        )}
        <ul aria-label={t('list.summary')} className="max-h-80 overflow-y-auto">
          {listed.map((asset) => (
            <li key={asset.id}>
              <button
                type="button"
                onClick={() => onChoose(asset.id)}
                aria-current={asset.id === selectedId || undefined}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600 aria-[current]:bg-brand-50"
              >
                <span
                  aria-hidden="true"
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: asset.color }}
                />
                <span className="min-w-0 flex-1 truncate">{asset.name?.trim() || t('asset.noName')}</span>
                {asset.municipality && <span className="shrink-0 text-xs text-stone-500">{asset.municipality}</span>}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
};
