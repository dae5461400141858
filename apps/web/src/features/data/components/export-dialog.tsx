import type { FilterSelection } from '@trashegimia/contract/assets';
import { MAX_PDF_EXPORT_ASSETS } from '@trashegimia/contract/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportDataset, type ExportFormat, type ExportOrder } from '@/shared/api/export-dataset';
import { useErrorText } from '@/shared/api/use-error-text';
import type { AssetRange } from '@/shared/filters/asset-range';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Modal } from '@/shared/ui/modal';
import { Spinner } from '@/shared/ui/spinner';
import { useToast } from '@/shared/ui/use-toast';

type ExportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  datasetId: number;
  datasetName: string;
  /** The filters in force; the export then holds only the filtered assets. */
  filters: FilterSelection[];
  /** The date range and map area in force; the export holds only the assets within them. */
  range: AssetRange;
  /** The list's order, which the file keeps. */
  order: ExportOrder;
};

type FormatKey = 'pdf' | 'xlsx' | 'csv' | 'geojson' | 'kml';

const FORMATS: {
  value: ExportFormat;
  label: `dataset.download.${FormatKey}`;
  hint: `dataset.download.${FormatKey}Hint`;
}[] = [
  { value: 'PDF', label: 'dataset.download.pdf', hint: 'dataset.download.pdfHint' },
  { value: 'XLSX', label: 'dataset.download.xlsx', hint: 'dataset.download.xlsxHint' },
  { value: 'CSV', label: 'dataset.download.csv', hint: 'dataset.download.csvHint' },
  { value: 'GEOJSON', label: 'dataset.download.geojson', hint: 'dataset.download.geojsonHint' },
  { value: 'KML', label: 'dataset.download.kml', hint: 'dataset.download.kmlHint' },
];

/**
 * Download the dataset as PDF, Excel (XLSX), CSV, GeoJSON or KML, in the list's order; a spinner
 * while the server checks the export, then the browser downloads the file itself.
 */
export const ExportDialog = ({
  open,
  onOpenChange,
  datasetId,
  datasetName,
  filters,
  range,
  order,
}: ExportDialogProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [format, setFormat] = useState<ExportFormat>('XLSX');
  const exporting = useExportDataset();

  const handleOpenChange = (next: boolean) => {
    if (exporting.isPending) return;
    if (!next) exporting.reset();
    onOpenChange(next);
  };

  const handleExport = () =>
    exporting.mutate(
      { datasetId, format, filters, range, order },
      {
        onSuccess: () => {
          showToast({ message: t('dataset.download.success'), tone: 'success' });
          onOpenChange(false);
          exporting.reset();
        },
      },
    );

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      dismissible={!exporting.isPending}
      title={t('dataset.download.title')}
      description={t('dataset.download.description', { name: datasetName })}
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={exporting.isPending}>
            {t('dataset.download.cancel')}
          </Button>
          <Button onClick={handleExport} loading={exporting.isPending} disabled={exporting.isPending}>
            {exporting.isPending ? t('dataset.download.generating') : t('dataset.download.submit')}
          </Button>
        </>
      }
    >
      <fieldset disabled={exporting.isPending} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-stone-900">{t('dataset.download.format')}</legend>
        {FORMATS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors',
              format === option.value ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:bg-stone-50',
            )}
          >
            <input
              type="radio"
              name="export-format"
              value={option.value}
              checked={format === option.value}
              onChange={() => setFormat(option.value)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-stone-900">{t(option.label)}</span>
              <span className="text-xs text-stone-600">
                {t(option.hint, { max: formatNumber(MAX_PDF_EXPORT_ASSETS, language) })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {filters.length > 0 && <p className="mt-3 text-sm text-stone-600">{t('dataset.download.filtersNote')}</p>}
      <div className="mt-4 flex flex-col gap-3" aria-live="polite">
        {exporting.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
            <Spinner className="size-5 text-brand-700" />
            {t('dataset.download.generating')}
          </p>
        )}
        {exporting.isError && <Alert>{errorText(exporting.error, t('api.exportFailed', { ns: 'errors' }))}</Alert>}
      </div>
    </Modal>
  );
};
