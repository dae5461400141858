import type { Dataset } from '@trashegimia/contract/datasets';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { datasetNameIn } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';

type DatasetSelectProps = {
  datasets: Dataset[] | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
};

/** The analytics' dataset picker: a plain select, so keyboards and screen readers know it already. */
export const DatasetSelect = ({ datasets, pending, failed, onRetry, selectedId, onSelect }: DatasetSelectProps) => {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const selectId = useId();

  if (pending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
        <Spinner className="size-4 text-brand-700" />
        {t('picker.loading')}
      </p>
    );
  }
  if (failed) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert>{t('picker.loadFailed')}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          {t('retry', { ns: 'common' })}
        </Button>
      </div>
    );
  }
  if (!datasets?.length) return <p className="text-sm text-stone-600">{t('picker.empty')}</p>;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium text-stone-700">
        {t('picker.label')}
      </label>
      <select
        id={selectId}
        value={selectedId ?? ''}
        onChange={(event) => onSelect(event.target.value ? Number(event.target.value) : null)}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40"
      >
        <option value="">{t('picker.placeholder')}</option>
        {datasets.map((dataset) => (
          <option key={dataset.id} value={dataset.id}>
            {datasetNameIn(dataset, language)}
          </option>
        ))}
      </select>
    </div>
  );
};
