import { useMutation } from '@tanstack/react-query';
import type { DatasetExportBody } from '@trashegimia/contract/assets';
import { saveFile } from '@/shared/browser/save-file';
import { apiDownload } from './api-download';

export type ExportFormat = 'PDF' | 'XLSX' | 'CSV';

const EXTENSION: Record<ExportFormat, string> = { PDF: 'pdf', XLSX: 'xlsx', CSV: 'csv' };

/**
 * POST /api/surveys/dataset-respondents/export: the dataset (or its filtered part) as a file.
 * exportType XLSX or CSV; none means PDF (spec §7). Logged-in non-guests only; fallback 'Failed to
 * export dataset'; a PDF of too many assets answers 413 with a message saying so.
 */
export const exportDataset = async ({
  datasetId,
  format,
  filters,
  datasetName,
}: {
  datasetId: number;
  format: ExportFormat;
  filters: DatasetExportBody['filters'];
  datasetName: string;
}) => {
  const body: DatasetExportBody = {
    datasetId,
    ...(format === 'PDF' ? {} : { exportType: format }),
    ...(filters && filters.length > 0 ? { filters } : {}),
  };
  const file = await apiDownload('/surveys/dataset-respondents/export', {
    method: 'POST',
    body,
    fallback: 'exportFailed',
  });
  const safeName = datasetName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || `dataset-${datasetId}`;
  saveFile(file.blob, file.fileName ?? `${safeName}.${EXTENSION[format]}`);
};

export const useExportDataset = () => useMutation({ mutationFn: exportDataset });
