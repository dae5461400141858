import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Button } from '@/shared/ui/button';
import { useToast } from '@/shared/ui/use-toast';
import { type AssetListExportType, useExportAssetList } from '../api/export-asset-list';
import type { ChosenAssetFilters } from '../api/get-review-assets';

const EXPORT_TYPES: readonly AssetListExportType[] = ['CSV', 'XLSX'];

type AssetListDownloadProps = {
  filters: ChosenAssetFilters;
  /** How many assets the filters match: all of them are downloaded, not only the page shown. */
  matching: number;
};

/** Downloads every asset the list's filters match, as CSV or as an Excel workbook. */
export const AssetListDownload = ({ filters, matching }: AssetListDownloadProps) => {
  const { t } = useTranslation('assetsAdmin');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const download = useExportAssetList();

  const start = (exportType: AssetListExportType) =>
    download.mutate(
      { filters, exportType },
      {
        onError: (error) =>
          showToast({ message: errorText(error, t('api.exportAssetsFailed', { ns: 'errors' })), tone: 'error' }),
      },
    );

  return (
    <div role="group" aria-label={t('list.download.label', { count: matching })} className="flex flex-wrap gap-2">
      {EXPORT_TYPES.map((exportType) => (
        <Button
          key={exportType}
          variant="secondary"
          loading={download.isPending && download.variables.exportType === exportType}
          disabled={download.isPending || matching === 0}
          onClick={() => start(exportType)}
        >
          {t(`list.download.${exportType}`)}
        </Button>
      ))}
    </div>
  );
};
