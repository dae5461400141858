import type { Dataset } from '@trashegimia/contract/datasets';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import type { AssetRange } from '@/shared/filters/asset-range';
import { DateRangeFields } from '@/shared/filters/date-range-fields';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { datasetColor } from '@/shared/map/asset-color';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { RISK_CHOICES, type RiskChoice } from '../lib/map-data';

const SELECT_CLASSES =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40';

const SelectField = ({
  label,
  value,
  onChange,
  children,
  marker,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  /** A colour swatch beside the label (the dataset's colour). */
  marker?: string;
}) => {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm font-medium text-stone-700">
        {marker && <span aria-hidden="true" className="size-3 rounded-full" style={{ backgroundColor: marker }} />}
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={SELECT_CLASSES}>
        {children}
      </select>
    </div>
  );
};

type MapPanelProps = {
  search: string;
  onSearchChange: (search: string) => void;
  risk: RiskChoice;
  onRiskChange: (risk: RiskChoice) => void;
  dates: Pick<AssetRange, 'from' | 'to'>;
  onDatesChange: (dates: Pick<AssetRange, 'from' | 'to'>) => void;
  datasets: { items: Dataset[]; isPending: boolean; error: unknown; retry: () => void };
  /** One dataset id (or none) per slot. */
  slots: (number | null)[];
  onSlotChange: (index: number, datasetId: number | null) => void;
};

/** The left panel: text search, the risk level, the date range, and five dataset slots (spec §2). */
export const MapPanel = ({
  search,
  onSearchChange,
  risk,
  onRiskChange,
  dates,
  onDatesChange,
  datasets,
  slots,
  onSlotChange,
}: MapPanelProps) => {
  const { t } = useTranslation('map');
  const language = useLanguage();
  const errorText = useErrorText();
  const hintId = useId();
  const byId = new Map(datasets.items.map((dataset) => [dataset.id, dataset]));

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <form role="search" aria-label={t('search.label')} onSubmit={(event) => event.preventDefault()}>
        <TextField
          type="search"
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </form>

      <SelectField label={t('risk.label')} value={risk} onChange={(value) => onRiskChange(value as RiskChoice)}>
        {RISK_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`risk.${choice}`)}
          </option>
        ))}
      </SelectField>

      <DateRangeFields from={dates.from} to={dates.to} onChange={onDatesChange} />

      <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
        <legend className="mb-1 text-sm font-semibold text-stone-900">{t('datasets.title')}</legend>
        <p id={hintId} className="-mt-2 text-xs text-stone-500">
          {t('datasets.hint')}
        </p>
        {datasets.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4 text-brand-700" />
            {t('datasets.loading')}
          </p>
        )}
        {datasets.error !== null && datasets.error !== undefined && (
          <div className="flex flex-col items-start gap-2">
            <Alert>
              <p className="font-semibold">{t('datasets.loadFailed')}</p>
              <p>{errorText(datasets.error, t('datasets.loadFailed'))}</p>
            </Alert>
            <Button variant="secondary" onClick={datasets.retry}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}
        {!datasets.isPending && !datasets.error && datasets.items.length === 0 && (
          <p className="text-sm text-stone-500">{t('datasets.empty')}</p>
        )}
        {datasets.items.length > 0 &&
          slots.map((slot, index) => {
            const chosen = slot === null ? undefined : byId.get(slot);
            // A dataset already in another slot is offered there only.
            const elsewhere = new Set(slots.filter((id, other) => other !== index && id !== null));
            return (
              <SelectField
                key={index}
                label={t('datasets.slot', { number: index + 1 })}
                value={chosen ? String(chosen.id) : ''}
                onChange={(value) => onSlotChange(index, value === '' ? null : Number(value))}
                marker={chosen ? datasetColor(chosen.pillColor) : undefined}
              >
                <option value="">{t('datasets.none')}</option>
                {datasets.items.map((dataset) => (
                  <option key={dataset.id} value={dataset.id} disabled={elsewhere.has(dataset.id)}>
                    {datasetNameIn(dataset, language)}
                  </option>
                ))}
              </SelectField>
            );
          })}
      </fieldset>
    </div>
  );
};
