import { useTranslation } from 'react-i18next';
import { TextField } from '@/shared/ui/text-field';

type DateRangeFieldsProps = {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
};

/** The asset's date from and to, either open; each limits the other, so the browser refuses a reversed range. */
export const DateRangeFields = ({ from, to, onChange }: DateRangeFieldsProps) => {
  const { t } = useTranslation('common');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t('dateRange.legend')}</legend>
      <div className="grid grid-cols-2 gap-2">
        <TextField
          type="date"
          label={t('dateRange.from')}
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(event) => onChange({ from: event.target.value || null, to })}
        />
        <TextField
          type="date"
          label={t('dateRange.to')}
          value={to ?? ''}
          min={from ?? undefined}
          onChange={(event) => onChange({ from, to: event.target.value || null })}
        />
      </div>
    </fieldset>
  );
};
