import path from 'node:path';
import { type Clock, systemClock } from '../clock';
import type { Config } from '../config';
import { AzureBlobStore } from './azure-blob-store';
import type { WritableBlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { UrlSigner } from './url-signer';

/** The configured driver behind the one BlobStore interface, ready to use (Azure's container created if missing). */
export async function createBlobStore(
  config: Pick<Config, 'storage' | 'dataDir' | 'auth'>,
  clock: Clock = systemClock,
): Promise<WritableBlobStore> {
  switch (config.storage.driver) {
    case 'local':
      // Derived from the server secret (as the captcha keys are), so every instance accepts the same URLs.
      return new LocalBlobStore(
        path.join(config.dataDir, 'blobs'),
        UrlSigner.derivedKey(config.auth.jwtSecret, 'local-blob-read-url'),
        clock,
      );
    case 'azure': {
      const store = await AzureBlobStore.connect(config.storage.connectionString, config.storage.container, clock);
      await store.ensureContainer();
      return store;
    }
  }
}
