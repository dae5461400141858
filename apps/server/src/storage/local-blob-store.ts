import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { payloadTooLarge } from '../errors';
import { assertBlobPath, encodeBlobPath } from './blob-path';
import {
  DEFAULT_READ_URL_TTL_SECONDS,
  EXPIRY_STEP_SECONDS,
  type ReadUrlOptions,
  type StoredFile,
  type WritableBlobStore,
  type WriteGrant,
  type WriteUrlOptions,
} from './blob-store';

/** Where the API serves local blobs (storage/blob.routes.ts). */
export const LOCAL_BLOB_URL_PREFIX = '/api/blobs';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** What a write URL's query carries; the signature covers all of it. */
export type WritePermit = { expires?: string; contentType?: string; maxBytes?: string; signature?: string };

/**
 * Files under DATA_DIR/blobs, read through URLs the API serves: `/api/blobs/<path>?expires=<unix s>
 * &signature=<HMAC-SHA256(path, expires)>`, plus `&download=<file name>` (signed too) for a URL that
 * saves the file under that name. Write URLs (upload grants) are the same path with `&contentType=
 * &maxBytes=` and a signature over those too, taken by a PUT. The key is derived from the server
 * secret, so every instance sharing the folder (and the secret) signs and accepts the same URLs.
 */
export class LocalBlobStore implements WritableBlobStore {
  readonly driver = 'local' as const;
  readonly origin = null;
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
    return this.#verdict(this.#sign(blobPath, Number(expires), downloadAs), signature, expires);
  }

  async writeUrl(blobPath: string, { contentType, maxBytes, expiresIn }: WriteUrlOptions): Promise<WriteGrant> {
    assertBlobPath(blobPath);
    const expires = Math.floor(this.now() / 1000) + expiresIn;
    const query = new URLSearchParams({
      expires: String(expires),
      contentType,
      maxBytes: String(maxBytes),
      signature: this.#signWrite(blobPath, expires, contentType, maxBytes),
    });
    return {
      uploadUrl: `${LOCAL_BLOB_URL_PREFIX}/${encodeBlobPath(blobPath)}?${query}`,
      requiredHeaders: { 'Content-Type': contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Checks a write URL's expiry and signature, for a path that `parseRequestedBlobPath` has already accepted. */
  checkWriteSignature(blobPath: string, { expires, contentType, maxBytes, signature }: WritePermit): SignatureCheck {
    if (!expires || !signature || contentType === undefined || !maxBytes) return 'invalid';
    if (!/^\d{1,12}$/.test(expires) || !/^\d{1,15}$/.test(maxBytes)) return 'invalid';
    const expected = this.#signWrite(blobPath, Number(expires), contentType, Number(maxBytes));
    return this.#verdict(expected, signature, expires);
  }

  /**
   * Streams an upload into place, never holding it in memory: to a temporary file beside the target,
   * renamed over it once complete, so a failed or oversized upload leaves no partial file behind.
   * Throws 413 as soon as more than `maxBytes` arrive. Resolves with the size written.
   */
  async write(blobPath: string, source: Readable, { maxBytes }: { maxBytes: number }): Promise<number> {
    const target = this.file(blobPath);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    let written = 0;
    // The source is left open on failure (not destroyed), so an HTTP request can still be answered with the error.
    async function* limited() {
      for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        written += chunk.length;
        if (written > maxBytes) throw payloadTooLarge(`The file is larger than ${maxBytes} bytes`);
        yield chunk;
      }
    }
    const file = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(limited, file);
      await rename(partial, target);
    } catch (error) {
      // pipeline settles as soon as the source fails, while the file may still be opening: removed
      // before then, it would be created afterwards and left behind.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await rm(partial, { force: true });
      throw error;
    }
    return written;
  }

  async put(blobPath: string, bytes: Buffer): Promise<void> {
    await this.write(blobPath, Readable.from([bytes]), { maxBytes: bytes.length });
  }

  async stat(blobPath: string): Promise<StoredFile | null> {
    try {
      const info = await stat(this.file(blobPath));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readStart(blobPath: string, length: number): Promise<Buffer> {
    const handle = await open(this.file(blobPath), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async delete(blobPath: string): Promise<void> {
    await rm(this.file(blobPath), { force: true });
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

  #verdict(expectedSignature: string, signature: string, expires: string): SignatureCheck {
    const expected = Buffer.from(expectedSignature);
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    // Only a genuine URL learns that it has expired.
    return Number(expires) * 1000 < this.now() ? 'expired' : 'valid';
  }

  /** A blob path holds no line break (checkBlobPath), so the signed text cannot be read two ways. */
  #sign(blobPath: string, expires: number, downloadAs?: string) {
    const text = downloadAs ? `${expires}\n${blobPath}\n${downloadAs}` : `${expires}\n${blobPath}`;
    return this.#mac(text);
  }

  /**
   * Starts with a word where read texts start with digits, so a read URL's signature never grants a
   * write. The content type is the last line: it is the one part a grant's caller may choose freely.
   */
  #signWrite(blobPath: string, expires: number, contentType: string, maxBytes: number) {
    return this.#mac(`write\n${expires}\n${maxBytes}\n${blobPath}\n${contentType}`);
  }

  #mac(text: string) {
    return createHmac('sha256', this.#key).update(text).digest('base64url');
  }
}
