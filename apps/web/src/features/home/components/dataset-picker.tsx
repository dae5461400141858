import type { Dataset } from '@trashegimia/contract/datasets';
import { useTranslation } from 'react-i18next';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { cn } from '@/shared/ui/cn';
import { DARK_TEXT_COLOR, textToneOn } from '../lib/text-on-color';

type DatasetPickerProps = { datasets: Dataset[]; selectedId: number; onSelect: (id: number) => void };

/** The dataset categories as toggle buttons; the pressed one is on the map. */
export const DatasetPicker = ({ datasets, selectedId, onSelect }: DatasetPickerProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  return (
    <div role="group" aria-label={t('home.picker.label')} className="flex flex-wrap gap-2">
      {datasets.map((dataset) => {
        const selected = dataset.id === selectedId;
        const color = datasetColor(dataset.pillColor);
        const light = textToneOn(color) === 'light';
        return (
          <button
            key={dataset.id}
            type="button"
            aria-pressed={selected}
            onClick={() => onSelect(dataset.id)}
            style={selected ? { backgroundColor: color, borderColor: color } : undefined}
            className={cn(
              'inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600',
              selected
                ? cn('shadow-sm', light ? 'text-white' : 'text-stone-900')
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'size-2.5 rounded-full',
                selected && (light ? 'ring-2 ring-white/80' : 'ring-2 ring-stone-900/80'),
              )}
              style={{ backgroundColor: selected ? (light ? '#fff' : DARK_TEXT_COLOR) : color }}
            />
            {datasetNameIn(dataset, language)}
          </button>
        );
      })}
    </div>
  );
};
