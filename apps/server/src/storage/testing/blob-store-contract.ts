import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StorageDriver } from '@trashegimia/contract/system';
import { handleError } from '../../errors';
import { blobRoutes } from '../blob.routes';
import type { WritableBlobStore } from '../blob-store';
import { LOCAL_BLOB_URL_PREFIX, LocalBlobStore } from '../local-blob-store';
import { openTestStorage, requestBlobUrl, type TestStorage } from './test-storage';

const PDF = Buffer.from('%PDF-1.7\nPërshëndetje nga dokumenti\n%%EOF\n');
const GRANT = { contentType: 'application/pdf', maxBytes: 1000, expiresIn: 600 };

/**
 * What every driver must do, so the modules on top behave the same whichever is configured: the
 * same calls, the same upload flow (grant → PUT with the required headers → read back), the same
 * refusals. Where a driver cannot refuse during the PUT (azure cannot limit a SAS upload's size or
 * type), the suite checks that `stat` reports what the registering module needs to refuse it.
 */
export function describeBlobStoreContract(driver: StorageDriver) {
  describe(`the ${driver} blob store`, () => {
    let storage: TestStorage;
    let store: WritableBlobStore;
    /** Serves the local driver's URLs as the API does; azure's URLs go to azurite itself. */
    let server: FastifyInstance;

    beforeAll(async () => {
      storage = await openTestStorage(driver);
      store = storage.store;
      server = Fastify();
      server.setValidatorCompiler(validatorCompiler);
      server.setSerializerCompiler(serializerCompiler);
      server.setErrorHandler(handleError);
      if (store instanceof LocalBlobStore) await server.register(blobRoutes, { prefix: LOCAL_BLOB_URL_PREFIX, store });
      await server.ready();
    });

    afterAll(async () => {
      await server?.close();
      await storage?.close();
    });

    afterEach(() => vi.useRealTimers());

    const request = (url: string, init?: Parameters<typeof requestBlobUrl>[2]) => requestBlobUrl(server, url, init);

    async function upload(blobPath: string, bytes: Buffer, headers?: Record<string, string>) {
      const grant = await store.writeUrl(blobPath, GRANT);
      return request(grant.uploadUrl, { method: 'PUT', headers: headers ?? grant.requiredHeaders, body: bytes });
    }

    it('stores, reads, describes and removes files', async () => {
      await store.put('notes/shënim.pdf', PDF, 'application/pdf');
      expect(await store.exists('notes/shënim.pdf')).toBe(true);
      expect((await store.read('notes/shënim.pdf')).equals(PDF)).toBe(true);
      expect(await store.stat('notes/shënim.pdf')).toMatchObject({ size: PDF.length });
      expect((await store.readStart('notes/shënim.pdf', 5)).toString()).toBe('%PDF-');
      expect((await store.readStart('notes/shënim.pdf', 10_000)).equals(PDF)).toBe(true);

      await store.put('notes/empty.pdf', Buffer.alloc(0), 'application/pdf');
      expect(await store.readStart('notes/empty.pdf', 5)).toHaveLength(0);

      await store.delete('notes/shënim.pdf');
      await store.delete('notes/shënim.pdf');
      expect(await store.exists('notes/shënim.pdf')).toBe(false);
      expect(await store.stat('notes/shënim.pdf')).toBeNull();
      await expect(store.read('notes/shënim.pdf')).rejects.toThrow();
    });

    it('never touches a path that could leave the store', async () => {
      for (const bad of ['../outside.pdf', '/etc/passwd', 'a//b']) {
        await expect(store.readUrl(bad), bad).rejects.toThrow(/not a valid blob path/);
        await expect(store.writeUrl(bad, GRANT), bad).rejects.toThrow(/not a valid blob path/);
        await expect(store.exists(bad), bad).rejects.toThrow(/not a valid blob path/);
      }
    });

    it('takes an upload through its grant with the required headers, and serves it back through a read URL', async () => {
      const blobPath = 'uploads/Kulla e Sahatit, Pejë.pdf';
      const grant = await store.writeUrl(blobPath, GRANT);
      expect(grant.requiredHeaders).toMatchObject({ 'Content-Type': 'application/pdf' });
      expect(grant.expiresAt.getTime() / 1000).toBeCloseTo(Date.now() / 1000 + GRANT.expiresIn, -1);
      const put = await request(grant.uploadUrl, { method: 'PUT', headers: grant.requiredHeaders, body: PDF });
      expect(put.statusCode).toBe(201);
      expect(await store.stat(blobPath)).toMatchObject({ size: PDF.length });

      const read = await request(await store.readUrl(blobPath, 600));
      expect(read.statusCode).toBe(200);
      expect(read.body.equals(PDF)).toBe(true);
      expect(read.headers.get('content-type')).toMatch(/^application\/pdf/);
      expect(read.headers.get('content-disposition')).toBeNull();

      const download = await request(await store.readUrl(blobPath, 600, { downloadAs: 'Udhëzues.pdf' }));
      expect(download.statusCode).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;.*filename\*=UTF-8''Udh%C3%ABzues\.pdf/);
    });

    it('hands out the same read URL for a few minutes, so browsers can cache the file', async () => {
      await store.put('cache/a.pdf', PDF, 'application/pdf');
      expect(await store.readUrl('cache/a.pdf', 600)).toBe(await store.readUrl('cache/a.pdf', 600));
    });

    it('refuses a read URL or a grant once it has expired, and stores nothing', async () => {
      await store.put('expiry/a.pdf', PDF, 'application/pdf');
      vi.useFakeTimers({ now: Date.now() - 2 * 3600_000, toFake: ['Date'] });
      const readUrl = await store.readUrl('expiry/a.pdf', 60);
      const grant = await store.writeUrl('expiry/b.pdf', GRANT);
      vi.useRealTimers();

      expect((await request(readUrl)).statusCode).toBe(403);
      const put = await request(grant.uploadUrl, { method: 'PUT', headers: grant.requiredHeaders, body: PDF });
      expect(put.statusCode).toBe(403);
      expect(await store.exists('expiry/b.pdf')).toBe(false);
    });

    it('binds a grant to its path, and never lets a read URL write', async () => {
      const grant = await store.writeUrl('bound/a.pdf', GRANT);
      const elsewhere = grant.uploadUrl.replace('bound/a.pdf', 'bound/b.pdf');
      const moved = await request(elsewhere, { method: 'PUT', headers: grant.requiredHeaders, body: PDF });
      expect(moved.statusCode).toBe(403);
      expect(await store.exists('bound/b.pdf')).toBe(false);

      await store.put('bound/c.pdf', PDF, 'application/pdf');
      const readUrl = await store.readUrl('bound/c.pdf');
      const overwrite = await request(readUrl, {
        method: 'PUT',
        headers: grant.requiredHeaders,
        body: Buffer.from('x'),
      });
      expect(overwrite.statusCode).toBe(403);
      expect((await store.read('bound/c.pdf')).equals(PDF)).toBe(true);
    });

    it('refuses another content type at the upload, or reports it for registration to refuse', async () => {
      const headers = { ...(await store.writeUrl('types/a.pdf', GRANT)).requiredHeaders, 'Content-Type': 'text/html' };
      const put = await upload('types/a.pdf', PDF, headers);
      if (driver === 'local') {
        expect(put.statusCode).toBe(415);
        expect(await store.stat('types/a.pdf')).toBeNull();
      } else {
        expect(put.statusCode).toBe(201);
        expect(await store.stat('types/a.pdf')).toEqual({ size: PDF.length, contentType: 'text/html' });
      }
    });

    /** The status the store answers a PUT to a path that holds a file with: ours (local), or the storage service's. */
    const REFUSED_REWRITE = driver === 'local' ? 409 : 403;

    it('writes once: a second PUT through the same upload URL is refused and the first file stays', async () => {
      const grant = await store.writeUrl('once/a.pdf', GRANT);
      const first = await request(grant.uploadUrl, { method: 'PUT', headers: grant.requiredHeaders, body: PDF });
      expect(first.statusCode).toBe(201);

      const page = Buffer.from('<html><script>alert(1)</script></html>');
      const again = await request(grant.uploadUrl, { method: 'PUT', headers: grant.requiredHeaders, body: page });
      expect(again.statusCode).toBe(REFUSED_REWRITE);
      if (driver === 'local') expect(JSON.parse(again.body.toString())).toMatchObject({ code: 'file_exists' });
      // Without the grant's If-None-Match, as someone reusing a leaked URL would send it.
      const { 'If-None-Match': _, ...bare } = grant.requiredHeaders;
      const bareAgain = await request(grant.uploadUrl, { method: 'PUT', headers: bare, body: page });
      expect(bareAgain.statusCode).toBe(REFUSED_REWRITE);
      expect((await store.read('once/a.pdf')).equals(PDF)).toBe(true);
    });

    it('never lets an upload URL replace a file that is already there, however it got there', async () => {
      await store.put('once/registered.pdf', PDF, 'application/pdf');
      const grant = await store.writeUrl('once/registered.pdf', GRANT);
      const put = await request(grant.uploadUrl, {
        method: 'PUT',
        headers: grant.requiredHeaders,
        body: PDF.subarray(0, 9),
      });
      expect(put.statusCode).toBe(REFUSED_REWRITE);
      expect((await store.read('once/registered.pdf')).equals(PDF)).toBe(true);
    });

    it('lets exactly one of two uploads racing to one path win, and keeps the winner whole', async () => {
      const grant = await store.writeUrl('once/race.pdf', GRANT);
      const bodies = [Buffer.concat([PDF, Buffer.from('first')]), Buffer.concat([PDF, Buffer.from('second')])];
      const answers = await Promise.all(
        bodies.map((body) => request(grant.uploadUrl, { method: 'PUT', headers: grant.requiredHeaders, body })),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual(driver === 'local' ? [201, 409] : [201, 403].sort());
      const winner = bodies[answers.findIndex((answer) => answer.statusCode === 201)]!;
      expect((await store.read('once/race.pdf')).equals(winner)).toBe(true);
    });

    it('serves a file as the type its read URL names, whatever it was uploaded as', async () => {
      const page = Buffer.from('<html><script>alert(1)</script></html>');
      await store.put('pinned/photo.png', page, 'text/html');
      const shown = await request(await store.readUrl('pinned/photo.png', 600, { contentType: 'image/png' }));
      expect(shown.statusCode).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/png');
      const saved = await request(
        await store.readUrl('pinned/photo.png', 600, { contentType: 'image/png', downloadAs: 'foto.png' }),
      );
      expect(saved.headers.get('content-type')).toBe('image/png');
      expect(saved.headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it('lists the files under a prefix stored before a time, for removing uploads never registered', async () => {
      await store.put('listed/a/one.pdf', PDF, 'application/pdf');
      await store.put('listed/b/two.pdf', PDF, 'application/pdf');
      await store.put('listedother/three.pdf', PDF, 'application/pdf');
      const list = async (prefix: string, before: number) => {
        const paths: string[] = [];
        for await (const path of store.listStoredBefore(prefix, new Date(before))) paths.push(path);
        return paths.sort();
      };
      expect(await list('listed/', Date.now() + 60_000)).toEqual(['listed/a/one.pdf', 'listed/b/two.pdf']);
      expect(await list('listed/a/', Date.now() + 60_000)).toEqual(['listed/a/one.pdf']);
      expect(await list('listed/', Date.now() - 60_000)).toEqual([]);
      expect(await list('nothing-here/', Date.now() + 60_000)).toEqual([]);
    });

    it('refuses a file over the granted size at the upload, or reports its size for registration to refuse', async () => {
      const large = Buffer.concat([PDF, Buffer.alloc(GRANT.maxBytes)]);
      const put = await upload('sizes/a.pdf', large);
      if (driver === 'local') {
        expect(put.statusCode).toBe(413);
        expect(await store.stat('sizes/a.pdf')).toBeNull();
      } else {
        expect(put.statusCode).toBe(201);
        expect(await store.stat('sizes/a.pdf')).toMatchObject({ size: large.length });
      }
    });
  });
}
