import { type ApiCallOptions, sendApiRequest } from './api-client';

export type DownloadedFile = { blob: Blob; fileName: string | null };

/** `attachment; filename*=UTF-8''Kulla%20e%20Jasharit.pdf` or `filename="x.pdf"` → the file name. */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
};

/** A call that answers with a file (asset PDF, dataset export): the same door as `apiRequest`, kept as a Blob. */
export const apiDownload = async (path: string, options: ApiCallOptions): Promise<DownloadedFile> => {
  const response = await sendApiRequest(path, options, '*/*');
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
  };
};
