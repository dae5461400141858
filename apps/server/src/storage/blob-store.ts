import type { StorageDriver } from '@trashegimia/contract/system';

/** How long a read URL stays valid unless the caller asks otherwise. */
export const DEFAULT_READ_URL_TTL_SECONDS = 3600;

/**
 * Read URLs' expiry times are rounded up to this step, so the URL of a file stays the same for a few
 * minutes and the browser's cache (and the page's query cache) can reuse it instead of fetching it again.
 */
export const EXPIRY_STEP_SECONDS = 300;

/**
 * `downloadAs`: the browser saves the file under that name instead of showing it. `contentType`: the
 * file is served as this type whatever it was uploaded as (the type it was registered with), so a
 * file that arrived as a web page is never shown as one.
 */
export type ReadUrlOptions = { downloadAs?: string; contentType?: string };

/** A content type a read URL may pin: lower case, no parameters, no line breaks (it is signed as a line). */
export const PINNABLE_CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/**
 * What an upload grant allows: one content type, at most `maxBytes`, for `expiresIn` seconds, and
 * one file: a PUT to a path that already holds a file is refused, so a grant used once (or a file
 * registered since) can never be replaced through it.
 */
export type WriteUrlOptions = { contentType: string; maxBytes: number; expiresIn: number };

/** Where and how to PUT the file: `uploadUrl` with `requiredHeaders`, until `expiresAt`. */
export type WriteGrant = { uploadUrl: string; requiredHeaders: Record<string, string>; expiresAt: Date };

/**
 * A stored file's size in bytes and, where the driver keeps one, the Content-Type it was uploaded
 * with: `azure` keeps whatever the PUT sent (a SAS URL cannot pin it); `local` keeps none, having
 * refused any type but the granted one at the PUT.
 */
export type StoredFile = { size: number; contentType?: string };

/**
 * Where media, guidelines and exports' source files live (docs/architecture.md, 'Files'). Paths are relative,
 * slash-separated and never leave the store (`demo/001-kulla.png`); see `parseBlobPath`.
 *
 * Drivers: `local` (files under DATA_DIR/blobs, read and written through HMAC-signed URLs the API
 * serves) and `azure` (a container of a storage account, read and written through SAS URLs).
 * Uploads never pass through the API's JSON calls: a module grants a signed `writeUrl`, the page
 * PUTs the file there, and the module then registers the path it granted, checking what arrived
 * (size, type, first bytes) because not every driver can refuse a bad upload while it arrives.
 */
export interface BlobStore {
  readonly driver: StorageDriver;
  /**
   * The origin the browser reads and writes files at when it is not this server's own (`azure`:
   * the storage account's blob endpoint), for the Content-Security-Policy; null for `local`.
   */
  readonly origin: string | null;
  /**
   * A URL anyone holding it may read the file from until it expires; relative for `local`. With
   * `downloadAs` the browser saves the file under that name (Content-Disposition: attachment)
   * instead of showing it; with `contentType` it is served as that type (see ReadUrlOptions).
   */
  readUrl(path: string, ttlSeconds?: number, options?: ReadUrlOptions): Promise<string>;
  /** The whole file (for documents built on the server, e.g. a photo in a PDF). Throws when missing. */
  read(path: string): Promise<Buffer>;
  exists(path: string): Promise<boolean>;
}

/** A store that also takes uploads and removes files: for modules that manage files, not just show them. */
export interface WritableBlobStore extends BlobStore {
  /** The stored file's size (and type, see StoredFile), or null when there is none. */
  stat(path: string): Promise<StoredFile | null>;
  /** The first `length` bytes (fewer when the file is shorter), e.g. to check what kind of file it is. */
  readStart(path: string, length: number): Promise<Buffer>;
  /**
   * A URL that accepts one PUT of the file at `path` until it expires, signed for that path only,
   * and only while no file is there: a second PUT is refused (`local`: 409 `file_exists`; `azure`:
   * the storage service's 403 or, from a client that sends the grant's `If-None-Match: *`, 409) and
   * the first file stays. `local` also refuses any other content type than the given one (415) and
   * more than `maxBytes` (413) while the file arrives; `azure` cannot, so registration checks `stat`.
   * Relative for `local`.
   */
  writeUrl(path: string, options: WriteUrlOptions): Promise<WriteGrant>;
  /**
   * The paths of files under `prefix` that were stored before `before` (`local`: by the file's
   * modification time, which is when its upload completed; `azure`: by the blob's creation time),
   * for removing uploads that were never registered. In no particular order.
   */
  listStoredBefore(prefix: string, before: Date): AsyncIterable<string>;
  /**
   * Stores a file the server holds itself rather than one uploaded through a grant (e.g. a test's
   * fixture), replacing any at `path`.
   */
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the file; nothing happens when it is already gone. */
  delete(path: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured blob store, for modules that read files (exports) or hand out their URLs. */
    blobs: BlobStore;
  }
}
