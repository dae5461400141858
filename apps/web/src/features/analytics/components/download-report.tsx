import type { FilterSelection } from '@trashegimia/contract/assets';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportDataset, type ExportFormat } from '@/shared/api/export-dataset';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useToast } from '@/shared/ui/use-toast';
import { ANALYTICS_RESULT_ORDER } from '../api/get-analytics-results';

type DownloadReportProps = {
  datasetId: number;
  /** The filters the results were shown with; the report holds the same assets. */
  filters: FilterSelection[];
};

const FORMATS = [
  { format: 'XLSX', label: 'report.xlsx' },
  { format: 'CSV', label: 'report.csv' },
] as const satisfies { format: ExportFormat; label: string }[];

/**
 * The filtered results as an Excel or CSV file, through the dataset export with the same filters and
 * order, downloaded by the browser itself.
 */
export const DownloadReport = ({ datasetId, filters }: DownloadReportProps) => {
  const { t } = useTranslation('analytics');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const exporting = useExportDataset();
  const headingId = useId();

  const download = (format: ExportFormat) =>
    exporting.mutate(
      { datasetId, format, filters, order: ANALYTICS_RESULT_ORDER },
      { onSuccess: () => showToast({ message: t('report.success'), tone: 'success' }) },
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {t('report.title')}
      </h3>
      <p className="text-xs text-stone-600">{t('report.hint')}</p>
      <div className="flex flex-wrap gap-2">
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant="secondary"
            onClick={() => download(format)}
            disabled={exporting.isPending}
            loading={exporting.isPending && exporting.variables.format === format}
          >
            {t(label)}
          </Button>
        ))}
      </div>
      <div aria-live="polite">
        {exporting.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
            <Spinner className="size-4 text-brand-700" />
            {t('report.generating')}
          </p>
        )}
      </div>
      {exporting.isError && <Alert>{errorText(exporting.error, t('api.exportFailed', { ns: 'errors' }))}</Alert>}
    </section>
  );
};
