import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalBlobStore } from './local-blob-store';
import {
  sweepUnregisteredUploads,
  UNREGISTERED_UPLOAD_MAX_AGE_MS,
  UnregisteredUploadSweep,
  type UploadRegistry,
} from './unregistered-uploads';

const root = mkdtempSync(path.join(tmpdir(), 'trashegimia-sweep-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const store = new LocalBlobStore(root, 'signing-key');

/** Sets a stored file's time back, as if it had been uploaded that long ago. */
const age = (blobPath: string, milliseconds: number) => {
  const then = (Date.now() - milliseconds) / 1000;
  utimesSync(path.join(root, blobPath), then, then);
};

/** A registry that knows `registered` and removes the rest of what it is handed. */
const registryOf = (prefix: string, registered: Set<string>) => {
  const handed: string[][] = [];
  const registry: UploadRegistry = {
    prefix,
    async removeUnregistered(paths) {
      handed.push(paths);
      const unregistered = paths.filter((blobPath) => !registered.has(blobPath));
      for (const blobPath of unregistered) await store.delete(blobPath);
      return unregistered.length;
    },
  };
  return { registry, handed };
};

describe('removing uploads never registered', () => {
  it('removes files older than a day that were never registered, keeping registered and younger ones', async () => {
    for (const name of ['old.jpg', 'registered.jpg', 'young.jpg']) {
      await store.put(`uploads/a/${name}`, Buffer.from(name));
    }
    await store.put('elsewhere/old.jpg', Buffer.from('x'));
    age('uploads/a/old.jpg', UNREGISTERED_UPLOAD_MAX_AGE_MS + 60_000);
    age('uploads/a/registered.jpg', UNREGISTERED_UPLOAD_MAX_AGE_MS + 60_000);
    age('uploads/a/young.jpg', UNREGISTERED_UPLOAD_MAX_AGE_MS - 60_000);
    age('elsewhere/old.jpg', UNREGISTERED_UPLOAD_MAX_AGE_MS + 60_000);

    const { registry, handed } = registryOf('uploads/', new Set(['uploads/a/registered.jpg']));
    expect(await sweepUnregisteredUploads(store, registry)).toBe(1);
    expect(handed.flat().sort()).toEqual(['uploads/a/old.jpg', 'uploads/a/registered.jpg']);
    expect(await store.exists('uploads/a/old.jpg')).toBe(false);
    expect(await store.exists('uploads/a/registered.jpg')).toBe(true);
    expect(await store.exists('uploads/a/young.jpg')).toBe(true);
    // Another module's prefix is not this registry's to judge.
    expect(await store.exists('elsewhere/old.jpg')).toBe(true);
  });

  it('hands the files over in batches, so a large store never makes one huge query', async () => {
    for (let index = 0; index < 1201; index++) await store.put(`many/${index}.jpg`, Buffer.from('x'));
    const { registry, handed } = registryOf('many/', new Set());
    expect(await sweepUnregisteredUploads(store, registry, Date.now() + UNREGISTERED_UPLOAD_MAX_AGE_MS + 60_000)).toBe(
      1201,
    );
    expect(handed.map((batch) => batch.length)).toEqual([500, 500, 201]);
  });

  it('logs a failed pass and sweeps again next time, rather than stopping the server', async () => {
    await store.put('failing/a.jpg', Buffer.from('x'));
    let fail = true;
    const registry: UploadRegistry = {
      prefix: 'failing/',
      async removeUnregistered(paths) {
        if (fail) throw new Error('the database is away');
        for (const blobPath of paths) await store.delete(blobPath);
        return paths.length;
      },
    };
    const log = { error: vi.fn(), removed: vi.fn() };
    const sweep = new UnregisteredUploadSweep(store, registry, log);
    try {
      const later = Date.now() + UNREGISTERED_UPLOAD_MAX_AGE_MS + 60_000;
      expect(await sweep.sweep(later)).toBe(0);
      expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'the database is away' }));
      fail = false;
      expect(await sweep.sweep(later)).toBe(1);
      expect(log.removed).toHaveBeenCalledWith(1);
      expect(await store.exists('failing/a.jpg')).toBe(false);
    } finally {
      await sweep.close();
    }
  });
});
