import type { StorageDriver } from '@trashegimia/contract/system';

/** How long a read URL stays valid unless the caller asks otherwise. */
export const DEFAULT_READ_URL_TTL_SECONDS = 3600;

export type ReadUrlOptions = { downloadAs?: string };

/**
 * Where media, guidelines and exports' source files live (DESIGN §2). Paths are relative,
 * slash-separated and never leave the store (`demo/001-kulla.png`); see `parseBlobPath`.
 *
 * Drivers: `local` (files under DATA_DIR/blobs, read through HMAC-signed URLs the API serves) now;
 * `azure` (SAS URLs) and upload grants (`writeUrl(path, contentType, size)` → uploadUrl and
 * requiredHeaders, issue 6) join this interface later without changing its readers.
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured blob store, for modules that read files (exports) or hand out their URLs. */
    blobs: BlobStore;
  }
}
