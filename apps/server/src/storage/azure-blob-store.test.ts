import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AzureBlobStore } from './azure-blob-store';
import { describeBlobStoreContract } from './testing/blob-store-contract';
import { type Azurite, startAzurite } from './testing/azurite';

describeBlobStoreContract('azure');

describe('AzureBlobStore', () => {
  let azurite: Azurite;
  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(() => azurite?.stop());

  it('creates its container at start when it is missing, and starts again on the existing one', async () => {
    const container = `start-${randomUUID()}`;
    const first = await AzureBlobStore.connect(azurite.connectionString, container);
    await first.ensureContainer();
    await first.put('a.txt', Buffer.from('a'), 'text/plain');
    const second = await AzureBlobStore.connect(azurite.connectionString, container);
    await second.ensureContainer();
    expect((await second.read('a.txt')).toString()).toBe('a');
  });

  it('refuses a connection string without an account key, which it needs to sign URLs', async () => {
    const withoutKey = 'BlobEndpoint=https://example.blob.core.windows.net;SharedAccessSignature=sv=2024-01-01&sig=x';
    await expect(AzureBlobStore.connect(withoutKey, 'media')).rejects.toThrow(/AccountKey/);
  });

  it('grants uploads as new block blobs only (create, never write) and signs the download name and type into the read URL', async () => {
    const store = await AzureBlobStore.connect(azurite.connectionString, 'grants');
    const grant = await store.writeUrl('a/b.pdf', { contentType: 'application/pdf', maxBytes: 10, expiresIn: 60 });
    expect(grant.requiredHeaders).toEqual({
      'Content-Type': 'application/pdf',
      'x-ms-blob-type': 'BlockBlob',
      'If-None-Match': '*',
    });
    // Create only: with write too, a URL used once could replace its file (issue 32).
    expect(new URL(grant.uploadUrl).searchParams.get('sp')).toBe('c');
    const url = new URL(
      await store.readUrl('a/b.pdf', 60, { downloadAs: 'Udhëzues.pdf', contentType: 'application/pdf' }),
    );
    expect(url.searchParams.get('sp')).toBe('r');
    expect(url.searchParams.get('rscd')).toBe(
      `attachment; filename="Udh_zues.pdf"; filename*=UTF-8''Udh%C3%ABzues.pdf`,
    );
    expect(url.searchParams.get('rsct')).toBe('application/pdf');
  });
});
