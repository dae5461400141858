import { useMutation } from '@tanstack/react-query';
import { type DatasetExportBody, DatasetExportLink, type DatasetExportType } from '@trashegimia/contract/assets';
import { startDownload } from '@/shared/browser/start-download';
import { type AssetRange, rangeQuery } from '@/shared/filters/asset-range';
import { apiRequest } from './api-client';

/** The contract's formats, and PDF, which the body asks for by naming none (spec §7). */
export type ExportFormat = DatasetExportType | 'PDF';

/** The order of the list the assets were chosen from, which the file keeps. */
export type ExportOrder = Required<Pick<DatasetExportBody, 'sortBy' | 'sortOrder'>>;

/**
 * Starts a dataset export (or the part its filters and range select) as a download the browser manages.
 * POST /api/surveys/dataset-respondents/export-link checks the export, so that a refusal (a PDF of
 * too many assets answers 413 with a message saying so; fallback 'Failed to export dataset') shows
 * in the page, and answers a short-lived link, which the browser then downloads by itself with its
 * progress showing. Logged-in non-guests only.
 */
export const exportDataset = async ({
  datasetId,
  format,
  filters,
  range,
  order,
}: {
  datasetId: number;
  format: ExportFormat;
  filters: DatasetExportBody['filters'];
  range?: AssetRange;
  order: ExportOrder;
}) => {
  const body: DatasetExportBody = {
    datasetId,
    ...(format === 'PDF' ? {} : { exportType: format }),
    ...(filters && filters.length > 0 ? { filters } : {}),
    ...(range && rangeQuery(range)),
    ...order,
  };
  const link = await apiRequest('/surveys/dataset-respondents/export-link', {
    method: 'POST',
    body,
    schema: DatasetExportLink,
    fallback: 'exportFailed',
  });
  startDownload(link.url);
};

export const useExportDataset = () => useMutation({ mutationFn: exportDataset });
