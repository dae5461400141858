import type { AssetSummary } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/ui/spinner';
import { useToast } from '@/shared/ui/use-toast';
import { useDownloadAssetPdf } from '../api/download-asset-pdf';

type AssetPdfButtonProps = {
  asset: Pick<AssetSummary, 'id' | 'name'>;
  /** What the button says while idle; assistive technology also hears the asset's name. */
  label: string;
  className: string;
};

/** Downloads one asset as a PDF, with a spinner while it is made and a toast when it fails. */
export const AssetPdfButton = ({ asset, label, className }: AssetPdfButtonProps) => {
  const { t } = useTranslation('public');
  const { showToast } = useToast();
  const pdf = useDownloadAssetPdf();
  const name = asset.name?.trim() || t('asset.noName');

  const download = () =>
    pdf.mutate(
      { id: asset.id, name: asset.name },
      { onError: () => showToast({ message: t('api.downloadPdfFailed', { ns: 'errors' }), tone: 'error' }) },
    );

  return (
    <button
      type="button"
      className={className}
      onClick={download}
      disabled={pdf.isPending}
      aria-busy={pdf.isPending || undefined}
    >
      {pdf.isPending && <Spinner className="size-3.5" />}
      {pdf.isPending ? t('dataset.item.pdfRunning') : label}
      <span className="sr-only">: {name}</span>
    </button>
  );
};
