import { randomUUID } from 'node:crypto';
import { constants as fsConstants, createWriteStream, promises as fsPromises, mkdirSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Clock, systemClock } from '../clock';
import { conflict, payloadTooLarge } from '../errors';
import { assertBlobPath, encodeBlobPath } from './blob-path';
import { type SignatureCheck, UrlSigner } from './url-signer';
import {
  DEFAULT_READ_URL_TTL_SECONDS,
  EXPIRY_STEP_SECONDS,
  PINNABLE_CONTENT_TYPE,
  type ReadUrlOptions,
  type StoredFile,
  type WritableBlobStore,
  type WriteGrant,
  type WriteUrlOptions,
} from './blob-store';

/** Where the API serves local blobs (storage/blob.routes.ts). */
export const LOCAL_BLOB_URL_PREFIX = '/api/blobs';

/** 409 for a PUT to a path that already holds a file: a write URL writes once. */
export const fileExists = () =>
  conflict('A file has already been uploaded to this link; ask for a new link to upload another', 'file_exists');

/** Link errors of file systems without hard links (FAT, some network shares), where a copy must do. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/** What a write URL's query carries; the signature covers all of it. */
export type WritePermit = { expires?: string; contentType?: string; maxBytes?: string; signature?: string };

/**
 * Files under DATA_DIR/blobs, read through URLs the API serves: `/api/blobs/<path>?expires=<unix s>
 * &signature=<HMAC-SHA256(path, expires)>`, plus `&download=<file name>` (signed too) for a URL that
 * saves the file under that name and `&type=<content type>` (signed too) for one that serves it as
 * that type. Write URLs (upload grants) are the same path with `&contentType=&maxBytes=` and a
 * signature over those too, taken by one PUT while no file is there. The key is derived from the
 * server secret, so every instance sharing the folder (and the secret) signs and accepts the same URLs.
 */
export class LocalBlobStore implements WritableBlobStore {
  readonly driver = 'local' as const;
  readonly origin = null;
  readonly #signer: UrlSigner;

  constructor(
    readonly root: string,
    signingKey: string,
    clock: Clock = systemClock,
  ) {
    this.#signer = new UrlSigner(signingKey, clock);
    mkdirSync(root, { recursive: true });
  }

  async readUrl(
    blobPath: string,
    ttlSeconds = DEFAULT_READ_URL_TTL_SECONDS,
    { downloadAs, contentType }: ReadUrlOptions = {},
  ): Promise<string> {
    assertBlobPath(blobPath);
    if (contentType !== undefined && !PINNABLE_CONTENT_TYPE.test(contentType)) {
      throw new Error(`not a content type a read URL can pin: ${contentType}`);
    }
    const expires = this.#signer.expiry(ttlSeconds, EXPIRY_STEP_SECONDS);
    const query = new URLSearchParams({
      expires: String(expires),
      ...(downloadAs && { download: downloadAs }),
      ...(contentType && { type: contentType }),
      signature: this.#signer.sign(readText(blobPath, expires, downloadAs, contentType)),
    });
    return `${LOCAL_BLOB_URL_PREFIX}/${encodeBlobPath(blobPath)}?${query}`;
  }

  /**
   * Checks a URL's expiry and signature (which covers its download name and content type, if any)
   * for a path that `parseRequestedBlobPath` has already accepted.
   */
  checkSignature(
    blobPath: string,
    expires: string | undefined,
    signature: string | undefined,
    downloadAs?: string,
    contentType?: string,
  ): SignatureCheck {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
    if (contentType !== undefined && !PINNABLE_CONTENT_TYPE.test(contentType)) return 'invalid';
    return this.#signer.check(readText(blobPath, Number(expires), downloadAs, contentType), signature, Number(expires));
  }

  async writeUrl(blobPath: string, { contentType, maxBytes, expiresIn }: WriteUrlOptions): Promise<WriteGrant> {
    assertBlobPath(blobPath);
    const expires = this.#signer.expiry(expiresIn);
    const query = new URLSearchParams({
      expires: String(expires),
      contentType,
      maxBytes: String(maxBytes),
      signature: this.#signer.sign(writeText(blobPath, expires, contentType, maxBytes)),
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
    const text = writeText(blobPath, Number(expires), contentType, Number(maxBytes));
    return this.#signer.check(text, signature, Number(expires));
  }

  /**
   * Streams an upload into place, never holding it in memory: to a temporary file beside the target,
   * moved into place once complete, so a failed or oversized upload leaves no partial file behind.
   * Throws 413 as soon as more than `maxBytes` arrive. Resolves with the size written.
   *
   * The target is created, never replaced (409 `file_exists` when a file is there, before a byte is
   * read): the complete file is hard-linked to the target's name, which fails when the name exists,
   * so of two uploads racing to one path exactly one wins. Only `replace` (files the server holds
   * itself, see `put`) renames over an existing file.
   */
  async write(
    blobPath: string,
    source: Readable,
    { maxBytes, replace = false }: { maxBytes: number; replace?: boolean },
  ): Promise<number> {
    const target = this.file(blobPath);
    if (!replace && (await this.#occupied(target))) throw fileExists();
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
      if (replace) await rename(partial, target);
      else await createOnce(partial, target);
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
    await this.write(blobPath, Readable.from([bytes]), { maxBytes: bytes.length, replace: true });
  }

  /**
   * Walks the files under `prefix` (temporary files of uploads under way or abandoned included) and
   * yields those last written before `before`: a file's contents never change once it is in place,
   * so its modification time is when its upload completed.
   */
  async *listStoredBefore(prefix: string, before: Date): AsyncIterable<string> {
    const root = path.resolve(this.root);
    const slash = prefix.lastIndexOf('/');
    const folder = slash < 0 ? root : this.file(prefix.slice(0, slash));
    let entries;
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file).catch(() => null);
      if (info === null || info.mtimeMs >= before.getTime()) continue;
      const blobPath = path.relative(root, file).split(path.sep).join('/');
      if (blobPath.startsWith(prefix)) yield blobPath;
    }
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

  /** Whether anything (a file, or a folder) has the target's name. */
  async #occupied(target: string): Promise<boolean> {
    try {
      await stat(target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** Seconds the URL has left; 0 when expired. */
  secondsLeft(expires: string) {
    return this.#signer.secondsLeft(Number(expires));
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
}

/**
 * What a read URL signs. A blob path holds no line break (checkBlobPath), nor does a pinned content
 * type (PINNABLE_CONTENT_TYPE), so the text cannot be read two ways. A URL that pins a type signs a
 * text starting with a word, which neither plain read texts (digits) nor write texts share.
 */
function readText(blobPath: string, expires: number, downloadAs?: string, contentType?: string): string {
  if (contentType) return `type\n${expires}\n${blobPath}\n${contentType}${downloadAs ? `\n${downloadAs}` : ''}`;
  return downloadAs ? `${expires}\n${blobPath}\n${downloadAs}` : `${expires}\n${blobPath}`;
}

/**
 * What a write URL signs: it starts with a word where read texts start with digits, so a read URL's
 * signature never grants a write. The content type is the last line: it is the one part a grant's
 * caller may choose freely.
 */
function writeText(blobPath: string, expires: number, contentType: string, maxBytes: number): string {
  return `write\n${expires}\n${maxBytes}\n${blobPath}\n${contentType}`;
}

/**
 * Gives the complete temporary file the target's name only if nothing has it yet (409 otherwise):
 * a hard link is created atomically or not at all. Where the file system has no hard links, an
 * exclusive copy (which also fails when the target exists) does. The temporary file is then removed.
 * Called through `fs.promises` so a test can stand in for a file system without hard links.
 */
async function createOnce(partial: string, target: string): Promise<void> {
  try {
    await fsPromises.link(partial, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') throw fileExists();
    if (!NO_HARD_LINKS.has(code)) throw error;
    try {
      await fsPromises.copyFile(partial, target, fsConstants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw fileExists();
      // Created by this copy (it would have failed with EEXIST otherwise), so half a file: removed.
      await rm(target, { force: true });
      throw copyError;
    }
  }
  await rm(partial, { force: true });
}
