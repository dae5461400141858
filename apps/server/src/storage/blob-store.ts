import type { StorageDriver } from '@trashegimia/contract/system';

/** How long a read URL stays valid unless the caller asks otherwise. */
export const DEFAULT_READ_URL_TTL_SECONDS = 3600;

export type ReadUrlOptions = { downloadAs?: string };

/** What an upload grant allows: one content type, at most `maxBytes`, for `expiresIn` seconds. */
export type WriteUrlOptions = { contentType: string; maxBytes: number; expiresIn: number };

/** Where and how to PUT the file: `uploadUrl` with `requiredHeaders`, until `expiresAt`. */
export type WriteGrant = { uploadUrl: string; requiredHeaders: Record<string, string>; expiresAt: Date };

/**
 * Where media, guidelines and exports' source files live (DESIGN §2). Paths are relative,
 * slash-separated and never leave the store (`demo/001-kulla.png`); see `parseBlobPath`.
 *
 * Drivers: `local` (files under DATA_DIR/blobs, read and written through HMAC-signed URLs the API
 * serves) now; `azure` (SAS URLs) joins this interface later without changing its callers.
 * Uploads never pass through the API's JSON calls: a module grants a signed `writeUrl`, the page
 * PUTs the file there, and the module then registers the path it granted.
 */
export interface BlobStore {
  readonly driver: StorageDriver;
  /**
   * A URL anyone holding it may read the file from until it expires; relative for `local`. With
   * `downloadAs` the browser saves the file under that name (Content-Disposition: attachment)
   * instead of showing it.
   */
  readUrl(path: string, ttlSeconds?: number, options?: ReadUrlOptions): Promise<string>;
  /** The whole file (for documents built on the server, e.g. a photo in a PDF). Throws when missing. */
  read(path: string): Promise<Buffer>;
  exists(path: string): Promise<boolean>;
}

/** A store that also takes uploads and removes files: for modules that manage files, not just show them. */
export interface WritableBlobStore extends BlobStore {
  /** The stored file's size in bytes, or null when there is none. */
  stat(path: string): Promise<{ size: number } | null>;
  /** The first `length` bytes (fewer when the file is shorter), e.g. to check what kind of file it is. */
  readStart(path: string, length: number): Promise<Buffer>;
  /**
   * A URL that accepts a PUT of the file at `path` until it expires: signed, and only for the given
   * content type and at most `maxBytes`. Relative for `local`.
   */
  writeUrl(path: string, options: WriteUrlOptions): Promise<WriteGrant>;
  /** Removes the file; nothing happens when it is already gone. */
  delete(path: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured blob store, for modules that read files (exports) or hand out their URLs. */
    blobs: BlobStore;
  }
}
