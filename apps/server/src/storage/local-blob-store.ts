import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobPath, encodeBlobPath } from './blob-path';
import { type BlobStore, DEFAULT_READ_URL_TTL_SECONDS, type ReadUrlOptions } from './blob-store';

/** Where the API serves local blobs (storage/blob.routes.ts). */
export const LOCAL_BLOB_URL_PREFIX = '/api/blobs';

/**
 * Expiry times are rounded up to this step, so the URL of a file stays the same for a few minutes
 * and the browser's cache (and the page's query cache) can reuse it instead of fetching it again.
 */
const EXPIRY_STEP_SECONDS = 300;

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Files under DATA_DIR/blobs, read through URLs the API serves: `/api/blobs/<path>?expires=<unix s>
 * &signature=<HMAC-SHA256(path, expires)>`, plus `&download=<file name>` (signed too) for a URL that
 * saves the file under that name. The key is derived from the server secret, so every instance
 * sharing the folder (and the secret) signs and accepts the same URLs.
 */
export class LocalBlobStore implements BlobStore {
  readonly driver = 'local' as const;
  readonly #key: Buffer;

  constructor(
    readonly root: string,
    signingKey: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.#key = Buffer.from(signingKey);
    mkdirSync(root, { recursive: true });
  }

  async readUrl(
    blobPath: string,
    ttlSeconds = DEFAULT_READ_URL_TTL_SECONDS,
    { downloadAs }: ReadUrlOptions = {},
  ): Promise<string> {
    assertBlobPath(blobPath);
    const earliest = Math.floor(this.now() / 1000) + ttlSeconds;
    const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const query = new URLSearchParams({
      expires: String(expires),
      ...(downloadAs && { download: downloadAs }),
      signature: this.#sign(blobPath, expires, downloadAs),
    });
    return `${LOCAL_BLOB_URL_PREFIX}/${encodeBlobPath(blobPath)}?${query}`;
  }

  /**
   * Checks a URL's expiry and signature (which covers its download name, if any) for a path that
   * `parseRequestedBlobPath` has already accepted.
   */
  checkSignature(
    blobPath: string,
    expires: string | undefined,
    signature: string | undefined,
    downloadAs?: string,
  ): SignatureCheck {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.#sign(blobPath, Number(expires), downloadAs));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    // Only a genuine URL learns that it has expired.
    return Number(expires) * 1000 < this.now() ? 'expired' : 'valid';
  }

  /** Seconds the URL has left; 0 when expired. */
  secondsLeft(expires: string) {
    return Math.max(0, Number(expires) - Math.floor(this.now() / 1000));
  }

  async read(blobPath: string): Promise<Buffer> {
    return readFile(this.file(blobPath));
  }

  async exists(blobPath: string): Promise<boolean> {
    try {
      return (await stat(this.file(blobPath))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** The absolute file of a blob path, which (checked twice) never lies outside the root. */
  file(blobPath: string): string {
    const file = path.resolve(this.root, assertBlobPath(blobPath));
    if (!file.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`blob path escapes the store: ${blobPath}`);
    return file;
  }

  /** A blob path holds no line break (checkBlobPath), so the signed text cannot be read two ways. */
  #sign(blobPath: string, expires: number, downloadAs?: string) {
    const text = downloadAs ? `${expires}\n${blobPath}\n${downloadAs}` : `${expires}\n${blobPath}`;
    return createHmac('sha256', this.#key).update(text).digest('base64url');
  }
}
