/** The storage refused the file or could not be reached; `status` is 0 when no answer came. */
export class UploadFailedError extends Error {
  override readonly name = 'UploadFailedError';
  readonly status: number;

  constructor(status: number) {
    super(status === 0 ? 'Upload failed' : `Upload failed (${status})`);
    this.status = status;
  }
}

type UploadFileOptions = {
  url: string;
  /** The grant's required headers (a signed URL's Content-Type, Azure's x-ms-blob-type, …), sent as given. */
  headers: Record<string, string>;
  contentType: string;
  file: Blob;
  /** Bytes sent so far, as the browser reports them. */
  onProgress?: (loadedBytes: number) => void;
  signal?: AbortSignal;
};

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/**
 * PUTs a file to an upload grant's URL. XMLHttpRequest rather than fetch: only it reports upload
 * progress. No session token goes along: the URL is the permission, and it may be another origin.
 * Rejects with {@link UploadFailedError}, or with an AbortError when `signal` aborts.
 */
export const uploadFile = ({ url, headers, contentType, file, onProgress, signal }: UploadFileOptions) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', abort);
      done();
    };
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    if (!hasHeader(headers, 'Content-Type')) request.setRequestHeader('Content-Type', contentType);
    request.upload.addEventListener('progress', (event) => onProgress?.(event.loaded));
    request.addEventListener('load', () =>
      settle(() =>
        request.status >= 200 && request.status < 300 ? resolve() : reject(new UploadFailedError(request.status)),
      ),
    );
    request.addEventListener('error', () => settle(() => reject(new UploadFailedError(0))));
    request.addEventListener('abort', () =>
      settle(() => reject(new DOMException('The upload was cancelled', 'AbortError'))),
    );
    signal?.addEventListener('abort', abort);
    request.send(file);
  });
