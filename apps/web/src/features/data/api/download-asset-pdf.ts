import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/shared/api/api-download';
import { saveFile } from '@/shared/browser/save-file';

/** GET /api/surveys/assets/{id}/pdf: one asset as a PDF; fallback 'Failed to download PDF'. */
export const downloadAssetPdf = async ({ id, name }: { id: string; name?: string | null }) => {
  const file = await apiDownload(`/surveys/assets/${encodeURIComponent(id)}/pdf`, { fallback: 'downloadPdfFailed' });
  const fallbackName = `${(name?.trim() || id).replace(/[\\/:*?"<>|]+/g, ' ').trim()}.pdf`;
  saveFile(file.blob, file.fileName ?? fallbackName);
};

export const useDownloadAssetPdf = () => useMutation({ mutationFn: downloadAssetPdf });
