import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageDriver } from '@trashegimia/contract/system';
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../../test/test-app';
import type { WritableBlobStore } from '../blob-store';
import { createBlobStore } from '../create-blob-store';
import { startAzurite } from './azurite';

/** Every driver; suites that must behave the same on each run once per entry. */
export const STORAGE_DRIVERS: readonly StorageDriver[] = ['local', 'azure'];

/**
 * A blob store of its own for one test file: the environment that points a test app at it, and the
 * store itself, for putting files in directly (as if uploaded earlier) and looking at what arrived.
 */
export type TestStorage = {
  driver: StorageDriver;
  environment: Record<string, string>;
  store: WritableBlobStore;
  close: () => Promise<void>;
};

/** `local`: a fresh DATA_DIR. `azure`: a fresh container in an azurite started for it (about a second). */
export async function openTestStorage(driver: StorageDriver): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-storage-test-'));
  const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (driver === 'local') {
    const environment = { DATA_DIR: dataDir };
    return { driver, environment, store: await createBlobStore(testConfig(environment)), close: removeDataDir };
  }
  const azurite = await startAzurite();
  const environment = {
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 'azure',
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    AZURE_STORAGE_CONTAINER: `test-${randomUUID()}`,
  };
  return {
    driver,
    environment,
    store: await createBlobStore(testConfig(environment)),
    close: async () => {
      await azurite.stop();
      await removeDataDir();
    },
  };
}

export type BlobUrlResponse = { statusCode: number; headers: Headers; body: Buffer };

/**
 * Sends a request to a URL a store handed out, as the browser would: a relative one (local) to the
 * app, an absolute one (azure's SAS URLs) over HTTP.
 */
export async function requestBlobUrl(
  app: Pick<FastifyInstance, 'inject'>,
  url: string,
  init: { method?: 'GET' | 'PUT'; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<BlobUrlResponse> {
  const { method = 'GET', headers = {}, body } = init;
  if (url.startsWith('/')) {
    const response = await app.inject({ method, url, headers, ...(body && { payload: body }) });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(name, String(value));
    }
    return { statusCode: response.statusCode, headers: responseHeaders, body: response.rawPayload };
  }
  const response = await fetch(url, { method, headers, ...(body && { body: new Uint8Array(body) }) });
  return { statusCode: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}
