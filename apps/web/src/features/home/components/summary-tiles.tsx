import type { Dataset } from '@trashegimia/contract/datasets';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { cn } from '@/shared/ui/cn';
import { NotPublicCount } from '@/shared/ui/not-public-count';
import { DARK_TEXT_COLOR, textToneOn } from '../lib/text-on-color';

type SummaryTilesProps = { datasets: Dataset[]; selectedId: number; onSelect: (id: number) => void };

/**
 * One 200 px tile per dataset, two columns: name and total responses. An unselected tile is a light
 * tint of the dataset colour (pillColor, brown when none); the selected one is the full colour with
 * white text — near-black instead on a colour too light for white to read (WCAG AA). Clicking a
 * tile selects its dataset.
 */
export const SummaryTiles = ({ datasets, selectedId, onSelect }: SummaryTilesProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4">
      {datasets.map((dataset) => {
        const selected = dataset.id === selectedId;
        const color = datasetColor(dataset.pillColor);
        // The text colour on the full dataset colour: white as the spec says, near-black where white
        // would fail WCAG contrast (a yellow pillColor).
        const light = textToneOn(color) === 'light';
        // The spec gives every tile the dataset colour, yet says the selected one "turns to" it. An
        // unselected tile is therefore only a light tint of its colour: painted in full, it would look
        // just like a selected one and the selection would not show. The tint also keeps the dark
        // text of unselected tiles readable on any colour.
        const tint = {
          backgroundColor: `color-mix(in srgb, ${color} 12%, white)`,
          borderColor: `color-mix(in srgb, ${color} 35%, white)`,
        };
        return (
          <li key={dataset.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(dataset.id)}
              style={selected ? { backgroundColor: color, borderColor: color } : tint}
              className={cn(
                'flex h-[200px] w-full flex-col justify-between overflow-hidden rounded-xl border p-4 text-left transition-shadow sm:p-5',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
                selected ? cn('shadow-lg', light ? 'text-white' : 'text-stone-900') : 'text-stone-900 hover:shadow-md',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="line-clamp-3 font-serif text-lg leading-snug font-semibold break-words sm:text-xl">
                  {datasetNameIn(dataset, language)}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-1.5 size-3 shrink-0 rounded-full',
                    selected && (light ? 'ring-2 ring-white' : 'ring-2 ring-stone-900'),
                  )}
                  style={{ backgroundColor: selected ? (light ? '#fff' : DARK_TEXT_COLOR) : color }}
                />
              </span>
              <span className="flex flex-col">
                <span className="text-3xl font-semibold tabular-nums sm:text-4xl">
                  {formatNumber(dataset.stats.totalResponses, language)}
                </span>
                <span
                  className={cn('text-sm', !selected ? 'text-stone-600' : light ? 'text-white/90' : 'text-stone-800')}
                >
                  {t('home.stats.responses')}
                  <NotPublicCount count={dataset.stats.notPublicResponses} />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
};
