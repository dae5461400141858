import type * as AzureSdk from '@azure/storage-blob';
import { type Clock, systemClock } from '../clock';
import { assertBlobPath } from './blob-path';
import {
  DEFAULT_READ_URL_TTL_SECONDS,
  EXPIRY_STEP_SECONDS,
  type ReadUrlOptions,
  type StoredFile,
  type WritableBlobStore,
  type WriteGrant,
  type WriteUrlOptions,
} from './blob-store';

/**
 * Each request to the storage account is given up after this long and tried at most three times, so
 * a call that needs the store fails, rather than hangs, when the account cannot be reached.
 */
const TRY_TIMEOUT_MS = 30_000;

/** A Content-Disposition that saves the file under its name, with an ASCII fallback for older clients. */
function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Files in one container of an Azure storage account (or the azurite emulator), read and written by
 * the browser through SAS URLs signed with the account key from the connection string. A SAS cannot
 * limit an upload's size or pin its Content-Type, so `stat` reports both and the modules refuse a
 * file that breaks its grant when they register it; read URLs name the type to serve a file as
 * (`rsct`), so what it was uploaded as never matters to a reader.
 *
 * Upload grants carry only the create permission (`c`, no `w`): the storage service refuses a PUT to
 * a blob that exists (403 AuthorizationPermissionMismatch), so a grant writes once and a stored file
 * can never be replaced through one, whoever holds the URL. The grant's `If-None-Match: *` header
 * says so to the page too (409 BlobAlreadyExists where the permission would have allowed it).
 */
export class AzureBlobStore implements WritableBlobStore {
  readonly driver = 'azure' as const;
  readonly origin: string;
  readonly #sdk: typeof AzureSdk;
  readonly #container: AzureSdk.ContainerClient;

  /**
   * Loads Azure's SDK, which only this driver needs (about 17 MB the server would otherwise hold
   * with the local driver too), and checks that the connection string carries an account key,
   * which signing SAS URLs needs.
   */
  static async connect(connectionString: string, containerName: string, clock: Clock = systemClock) {
    return new AzureBlobStore(await import('@azure/storage-blob'), connectionString, containerName, clock);
  }

  private constructor(
    sdk: typeof AzureSdk,
    connectionString: string,
    containerName: string,
    private readonly clock: Clock,
  ) {
    this.#sdk = sdk;
    const service = sdk.BlobServiceClient.fromConnectionString(connectionString, {
      retryOptions: { maxTries: 3, tryTimeoutInMs: TRY_TIMEOUT_MS },
    });
    if (!(service.credential instanceof sdk.StorageSharedKeyCredential)) {
      throw new Error('AZURE_STORAGE_CONNECTION_STRING must hold AccountName and AccountKey, to sign upload URLs');
    }
    this.#container = service.getContainerClient(containerName);
    this.origin = new URL(this.#container.url).origin;
  }

  /** Creates the container when it is missing; called once at start. Its blobs are private: only SAS URLs reach them. */
  async ensureContainer(): Promise<void> {
    await this.#container.createIfNotExists();
  }

  async readUrl(
    blobPath: string,
    ttlSeconds = DEFAULT_READ_URL_TTL_SECONDS,
    { downloadAs, contentType }: ReadUrlOptions = {},
  ): Promise<string> {
    const earliest = Math.floor(this.clock.now() / 1000) + ttlSeconds;
    const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    return this.#blob(blobPath).generateSasUrl({
      permissions: this.#sdk.BlobSASPermissions.from({ read: true }),
      expiresOn: new Date(expires * 1000),
      ...(downloadAs && { contentDisposition: attachment(downloadAs) }),
      ...(contentType && { contentType }),
    });
  }

  async writeUrl(blobPath: string, { contentType, expiresIn }: WriteUrlOptions): Promise<WriteGrant> {
    const expiresAt = new Date((Math.floor(this.clock.now() / 1000) + expiresIn) * 1000);
    const uploadUrl = await this.#blob(blobPath).generateSasUrl({
      // Create only: a blob that exists cannot be written again through this URL.
      permissions: this.#sdk.BlobSASPermissions.from({ create: true }),
      expiresOn: expiresAt,
    });
    return {
      uploadUrl,
      requiredHeaders: { 'Content-Type': contentType, 'x-ms-blob-type': 'BlockBlob', 'If-None-Match': '*' },
      expiresAt,
    };
  }

  async *listStoredBefore(prefix: string, before: Date): AsyncIterable<string> {
    for await (const blob of this.#container.listBlobsFlat({ prefix })) {
      const created = blob.properties.createdOn ?? blob.properties.lastModified;
      if (created.getTime() < before.getTime()) yield blob.name;
    }
  }

  async put(blobPath: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.#blob(blobPath)
      .getBlockBlobClient()
      .uploadData(bytes, { blobHTTPHeaders: { blobContentType: contentType } });
  }

  async read(blobPath: string): Promise<Buffer> {
    return this.#blob(blobPath).downloadToBuffer();
  }

  async exists(blobPath: string): Promise<boolean> {
    return this.#blob(blobPath).exists();
  }

  async stat(blobPath: string): Promise<StoredFile | null> {
    try {
      const properties = await this.#blob(blobPath).getProperties();
      return { size: properties.contentLength ?? 0, contentType: properties.contentType ?? '' };
    } catch (error) {
      if (this.#failedWith(error, 404)) return null;
      throw error;
    }
  }

  async readStart(blobPath: string, length: number): Promise<Buffer> {
    try {
      const download = await this.#blob(blobPath).download(0, length);
      const chunks: Buffer[] = [];
      for await (const chunk of download.readableStreamBody!) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).subarray(0, length);
    } catch (error) {
      // An empty file has no first byte to start a range at.
      if (this.#failedWith(error, 416)) return Buffer.alloc(0);
      throw error;
    }
  }

  async delete(blobPath: string): Promise<void> {
    await this.#blob(blobPath).deleteIfExists();
  }

  #failedWith(error: unknown, statusCode: number) {
    return error instanceof this.#sdk.RestError && error.statusCode === statusCode;
  }

  #blob(blobPath: string) {
    return this.#container.getBlobClient(assertBlobPath(blobPath));
  }
}
