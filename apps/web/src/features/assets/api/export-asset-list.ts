import { useMutation } from '@tanstack/react-query';
import type { AssetListExportQuery } from '@trashegimia/contract/assets';
import { apiDownload } from '@/shared/api/api-download';
import { saveFile } from '@/shared/browser/save-file';
import type { ChosenAssetFilters } from './get-review-assets';

export type AssetListExportType = AssetListExportQuery['exportType'];

/**
 * GET /api/surveys/assets/export: every asset the list's filters match, as a CSV or XLSX file the
 * browser saves under the server's name for it; fallback 'Failed to download the assets'.
 */
export const exportAssetList = async ({
  filters,
  exportType,
}: {
  filters: ChosenAssetFilters;
  exportType: AssetListExportType;
}) => {
  const query = { ...filters, exportType } satisfies AssetListExportQuery;
  const file = await apiDownload('/surveys/assets/export', { query, fallback: 'exportAssetsFailed' });
  saveFile(file.blob, file.fileName ?? `survey-assets.${exportType.toLowerCase()}`);
};

export const useExportAssetList = () => useMutation({ mutationFn: exportAssetList });
