import type { Dataset } from '@trashegimia/contract/datasets';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { cn } from '@/shared/ui/cn';

type SummaryTilesProps = { datasets: Dataset[]; selectedId: number; onSelect: (id: number) => void };

/**
 * One 200 px tile per dataset, two columns: name and total responses. An unselected tile is a light
 * tint of the dataset colour (pillColor, brown when none); the selected one is the full colour with
 * white text. Clicking a tile selects its dataset.
 */
export const SummaryTiles = ({ datasets, selectedId, onSelect }: SummaryTilesProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4">
      {datasets.map((dataset) => {
        const selected = dataset.id === selectedId;
        const color = datasetColor(dataset.pillColor);
        return (
          <li key={dataset.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(dataset.id)}
              style={
                selected
                  ? { backgroundColor: color, borderColor: color }
                  : {
                      backgroundColor: `color-mix(in srgb, ${color} 12%, white)`,
                      borderColor: `color-mix(in srgb, ${color} 35%, white)`,
                    }
              }
              className={cn(
                'flex h-[200px] w-full flex-col justify-between overflow-hidden rounded-xl border p-4 text-left transition-shadow sm:p-5',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
                selected ? 'text-white shadow-lg' : 'text-stone-900 hover:shadow-md',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="line-clamp-3 font-serif text-lg leading-snug font-semibold break-words sm:text-xl">
                  {dataset.name}
                </span>
                <span
                  aria-hidden="true"
                  className={cn('mt-1.5 size-3 shrink-0 rounded-full', selected && 'ring-2 ring-white')}
                  style={{ backgroundColor: selected ? '#fff' : color }}
                />
              </span>
              <span className="flex flex-col">
                <span className="text-3xl font-semibold tabular-nums sm:text-4xl">
                  {formatNumber(dataset.stats.totalResponses, language)}
                </span>
                <span className={cn('text-sm', selected ? 'text-white/90' : 'text-stone-600')}>
                  {t('home.stats.responses')}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
};
