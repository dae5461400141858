import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, guidelines } from '../../db/schema/index';
import { buildPdf } from '../../db/seed/demo-guidelines';
import { buildDocx } from '../../db/seed/docx';
import { openTestStorage, requestBlobUrl, STORAGE_DRIVERS, type TestStorage } from '../../storage/testing/test-storage';
import { sweepUnregisteredUploads, UNREGISTERED_UPLOAD_MAX_AGE_MS } from '../../storage/unregistered-uploads';
import { GRANT_BASE_SECONDS, GRANT_MAX_SECONDS, SLOW_LINK_BYTES_PER_SECOND } from '../../storage/upload-grant-lifetime';
import { guidelineUploads } from './guidelines.service';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import type { UploadGrant } from '@trashegimia/contract/storage';

let database: DatabaseHandle;
let admin: Record<string, string>;

const MAX_BYTES = 1024 * 1024;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await asAdmin(database.db);
});

afterAll(async () => {
  await database?.close();
});

afterEach(() => vi.useRealTimers());

const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOC_TYPE = 'application/msword';
const PDF = buildPdf(['Udhëzues', 'Një rresht.']);
const DOCX = buildDocx('Formulari', [{ language: 'sq-AL', heading: 'Formulari', lines: ['Emri: ____'] }]);
/** The start of a legacy Word file (an OLE compound document); the rest does not matter here. */
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

describe.each(STORAGE_DRIVERS)('guidelines on the %s blob store', (driver) => {
  let storage: TestStorage;
  let app: App;

  beforeAll(async () => {
    storage = await openTestStorage(driver);
    app = await startTestApp(database, { ...storage.environment, GUIDELINE_MAX_MB: '1' });
  });

  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  const isStored = (blobPath: string) => storage.store.exists(blobPath);

  async function grant(body: Record<string, unknown>, headers = admin): Promise<UploadGrant> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/guidelines/upload/sas',
      headers,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The browser's PUT to the grant's URL: to the API (local) or to the storage account (azure). */
  const put = (url: string, headers: Record<string, string>, payload: Buffer) =>
    requestBlobUrl(app, url, { method: 'PUT', headers, body: payload });

  const register = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/guidelines', headers: admin, payload });

  /** Grant, upload and register, as the page does. */
  async function uploadGuideline(title: string, fileName: string, contentType: string, bytes: Buffer) {
    const upload = await grant({ fileName, contentType, size: bytes.length });
    expect((await put(upload.uploadUrl, upload.requiredHeaders, bytes)).statusCode).toBe(201);
    const created = await register({ title, path: upload.blobPath, contentType });
    expect(created.statusCode, created.body).toBe(201);
    return { ...created.json(), blobPath: upload.blobPath };
  }

  describe('uploading a guideline', () => {
    it('grants an upload, takes the file and registers it; readers then find and download it under its name', async () => {
      const upload = await grant({ fileName: 'Udhëzues për terren.pdf', contentType: PDF_TYPE, size: PDF.length });
      expect(upload).toMatchObject({ requiredHeaders: { 'Content-Type': PDF_TYPE }, maxBytes: MAX_BYTES });
      expect(upload.blobPath).toMatch(/^guidelines\/[0-9a-f-]{36}\/Udhëzues për terren\.pdf$/);

      const stored = await put(upload.uploadUrl, upload.requiredHeaders, PDF);
      expect(stored.statusCode).toBe(201);
      const created = await register({
        title: '  Udhëzues për terren  ',
        path: upload.blobPath,
        contentType: PDF_TYPE,
      });
      expect(created.statusCode).toBe(201);
      const guideline = created.json();
      expect(guideline).toMatchObject({
        title: 'Udhëzues për terren',
        contentType: 'pdf',
        fileName: 'Udhëzues për terren.pdf',
        size: PDF.length,
      });

      const guest = await asGuest();
      const listed = await app.inject({ url: '/api/guidelines?q=terren', headers: guest });
      expect(listed.json().items).toContainEqual(expect.objectContaining({ id: guideline.id }));
      const { url } = (await app.inject({ url: `/api/guidelines/${guideline.id}/sas`, headers: guest })).json();
      const file = await requestBlobUrl(app, url);
      expect(file.statusCode).toBe(200);
      expect(file.body.equals(PDF)).toBe(true);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment;.*filename\*=UTF-8''Udh%C3%ABzues/);

      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'guideline'), eq(auditLog.subjectId, String(guideline.id))));
      expect(entry).toMatchObject({ action: 'guideline.create' });
    });

    it('takes Word documents, .docx and legacy .doc, and the spec page’s bare extension', async () => {
      const docx = await uploadGuideline('Formulari', 'formulari.docx', DOCX_TYPE, DOCX);
      expect(docx).toMatchObject({ contentType: 'word', fileName: 'formulari.docx' });
      const doc = await uploadGuideline('Formulari i vjetër', 'formulari.DOC', DOC_TYPE, DOC);
      expect(doc).toMatchObject({ contentType: 'word', fileName: 'formulari.doc' });
      const bare = await grant({ extension: 'pdf', contentType: PDF_TYPE });
      expect(bare.blobPath).toMatch(/\/document\.pdf$/);
    });

    it('accepts only PDF and Word, with a name that matches the type (400 naming the field)', async () => {
      const cases = [
        [{ fileName: 'foto.png', contentType: 'image/png' }, 'contentType', 'unsupported_file_type'],
        [{ fileName: 'program.exe', contentType: 'application/octet-stream' }, 'contentType', 'unsupported_file_type'],
        [{ fileName: 'udhezues.docx', contentType: PDF_TYPE }, 'fileName', 'extension_mismatch'],
        [{ extension: 'doc', contentType: PDF_TYPE }, 'extension', 'extension_mismatch'],
        [{ contentType: PDF_TYPE }, 'fileName', 'invalid_input'],
      ] as const;
      for (const [body, field, code] of cases) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/guidelines/upload/sas',
          headers: admin,
          payload: body,
        });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ field, code });
      }
    });

    it('refuses a file announced as larger than the limit with 413 before it is sent', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/guidelines/upload/sas',
        headers: admin,
        payload: { fileName: 'i-madh.pdf', contentType: PDF_TYPE, size: MAX_BYTES + 1 },
      });
      expect(response.statusCode).toBe(413);
    });
  });

  describe('the upload URL', () => {
    // The local store refuses a bad upload as it arrives; a SAS URL takes it, and registering it fails.
    it('never lets a file of another content type than granted become a guideline (415 at the upload or 400 at registration)', async () => {
      const upload = await grant({ fileName: 'a.pdf', contentType: PDF_TYPE });
      const response = await put(upload.uploadUrl, { ...upload.requiredHeaders, 'Content-Type': 'text/html' }, PDF);
      const registered = await register({ title: 'A', path: upload.blobPath, contentType: PDF_TYPE });
      expect(registered.statusCode).toBe(400);
      if (driver === 'local') {
        expect(response.statusCode).toBe(415);
        expect(await isStored(upload.blobPath)).toBe(false);
      } else {
        expect(response.statusCode).toBe(201);
        expect(registered.json()).toMatchObject({ code: 'file_type_mismatch', field: 'contentType' });
      }
    });

    it('never lets more bytes than granted become a guideline (413 at the upload or at registration)', async () => {
      const upload = await grant({ fileName: 'i-madh.pdf', contentType: PDF_TYPE });
      const tooLarge = Buffer.concat([PDF, Buffer.alloc(MAX_BYTES)]);
      const response = await put(upload.uploadUrl, upload.requiredHeaders, tooLarge);
      const registered = await register({ title: 'I madh', path: upload.blobPath, contentType: PDF_TYPE });
      if (driver === 'local') {
        expect(response.statusCode).toBe(413);
        expect(await isStored(upload.blobPath)).toBe(false);
        expect(registered.statusCode).toBe(400);
      } else {
        expect(response.statusCode).toBe(201);
        expect(registered.statusCode).toBe(413);
      }
    });

    it.runIf(driver === 'local')(
      'refuses an unannounced stream over the limit (413) and leaves no partial file behind',
      async () => {
        const upload = await grant({ fileName: 'i-madh.pdf', contentType: PDF_TYPE });
        const chunks = Readable.from([PDF, Buffer.alloc(MAX_BYTES / 2), Buffer.alloc(MAX_BYTES / 2)]);
        const streamed = await app.inject({
          method: 'PUT',
          url: upload.uploadUrl,
          headers: upload.requiredHeaders,
          payload: chunks,
        });
        expect(streamed.statusCode).toBe(413);
        expect(await isStored(upload.blobPath)).toBe(false);
      },
    );

    it('refuses a grant moved to another file, a read URL and an expired grant (403), storing nothing', async () => {
      const upload = await grant({ fileName: 'a.pdf', contentType: PDF_TYPE });
      const moved = upload.uploadUrl.replace(/a\.pdf\?/, 'b.pdf?');
      expect((await put(moved, upload.requiredHeaders, PDF)).statusCode).toBe(403);
      expect(await isStored(upload.blobPath.replace(/a\.pdf$/, 'b.pdf'))).toBe(false);

      const readUrl = await app.blobs.readUrl(upload.blobPath, 600);
      expect((await put(readUrl, upload.requiredHeaders, PDF)).statusCode).toBe(403);

      // Granted long ago (with a token of that time), used now.
      vi.useFakeTimers({ now: Date.now() - (GRANT_MAX_SECONDS + 60) * 1000, toFake: ['Date'] });
      const old = await grant({ fileName: 'a.pdf', contentType: PDF_TYPE }, await asAdmin(database.db));
      vi.useRealTimers();
      const expired = await put(old.uploadUrl, old.requiredHeaders, PDF);
      expect(expired.statusCode).toBe(403);
      if (driver === 'local') expect(JSON.parse(expired.body.toString()).code).toBe('link_expired');
      expect(await isStored(upload.blobPath)).toBe(false);
      expect(await isStored(old.blobPath)).toBe(false);
    });

    it.runIf(driver === 'local')('refuses a URL whose signed limits were changed or left out (403)', async () => {
      const upload = await grant({ fileName: 'a.pdf', contentType: PDF_TYPE });
      const url = new URL(upload.uploadUrl, 'http://localhost');
      const changed = (name: string, value: string) => {
        const query = new URLSearchParams(url.search);
        query.set(name, value);
        return `${url.pathname}?${query}`;
      };
      for (const tampered of [
        changed('maxBytes', String(MAX_BYTES * 100)),
        changed('contentType', 'text/html'),
        url.pathname,
      ]) {
        const headers = tampered.includes('text%2Fhtml') ? { 'Content-Type': 'text/html' } : upload.requiredHeaders;
        const response = await put(tampered, headers, PDF);
        expect(response.statusCode, tampered).toBe(403);
        expect(JSON.parse(response.body.toString()).code).toBe('link_invalid');
      }
      expect(await isStored(upload.blobPath)).toBe(false);
    });
  });

  describe('an upload URL used once', () => {
    it('cannot replace the registered document: readers keep getting the PDF, served as a PDF', async () => {
      const upload = await grant({ fileName: 'once.pdf', contentType: PDF_TYPE, size: PDF.length });
      expect((await put(upload.uploadUrl, upload.requiredHeaders, PDF)).statusCode).toBe(201);
      const created = await register({ title: 'Një herë', path: upload.blobPath, contentType: PDF_TYPE });
      expect(created.statusCode, created.body).toBe(201);

      const page = Buffer.from('<html><script>alert(1)</script></html>');
      const again = await put(upload.uploadUrl, upload.requiredHeaders, page);
      expect(again.statusCode).toBe(driver === 'local' ? 409 : 403);
      const { url } = (
        await app.inject({ url: `/api/guidelines/${created.json().id}/sas`, headers: await asGuest() })
      ).json();
      const file = await requestBlobUrl(app, url);
      expect(file.body.equals(PDF)).toBe(true);
      expect(file.headers.get('content-type')).toBe(PDF_TYPE);
    });

    it('lives as long as its document needs over a slow connection', async () => {
      const upload = await grant({ fileName: 'koha.pdf', contentType: PDF_TYPE, size: 300 * 1024 });
      const secondsLeft = (Date.parse(upload.expiresAt) - Date.now()) / 1000;
      expect(secondsLeft).toBeCloseTo(GRANT_BASE_SECONDS + (300 * 1024) / SLOW_LINK_BYTES_PER_SECOND, -1);
    });

    it('whose file was never registered has that file removed after a day; registered documents stay', async () => {
      const kept = await uploadGuideline('E regjistruar', 'kept.pdf', PDF_TYPE, PDF);
      const abandoned = await grant({ fileName: 'abandoned.pdf', contentType: PDF_TYPE, size: PDF.length });
      expect((await put(abandoned.uploadUrl, abandoned.requiredHeaders, PDF)).statusCode).toBe(201);
      const sweep = (now: number) =>
        sweepUnregisteredUploads(storage.store, guidelineUploads(database.db, storage.store), now);

      await sweep(Date.now());
      expect(await isStored(abandoned.blobPath)).toBe(true);
      await sweep(Date.now() + UNREGISTERED_UPLOAD_MAX_AGE_MS + 60_000);
      expect(await isStored(abandoned.blobPath)).toBe(false);
      expect(await isStored(kept.blobPath)).toBe(true);
      const late = await register({ title: 'Vonë', path: abandoned.blobPath, contentType: PDF_TYPE });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 'file_not_uploaded', field: 'path' });
    });
  });

  describe('registering an upload', () => {
    it('refuses a file whose bytes are not of the declared type (400), e.g. a PDF named .docx', async () => {
      const upload = await grant({ fileName: 'formulari.docx', contentType: DOCX_TYPE });
      await put(upload.uploadUrl, upload.requiredHeaders, PDF);
      const response = await register({ title: 'Formulari', path: upload.blobPath, contentType: DOCX_TYPE });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'file_type_mismatch', field: 'contentType' });

      const asPdf = await register({ title: 'Formulari', path: upload.blobPath, contentType: PDF_TYPE });
      expect(asPdf.statusCode).toBe(400);
    });

    it('refuses a path outside guidelines/, a path with no upload, and a file registered twice', async () => {
      const outside = await register({ title: 'X', path: 'demo/001-kulla.png', contentType: PDF_TYPE });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().field).toBe('path');
      const escaping = await register({ title: 'X', path: 'guidelines/../jwt-secret', contentType: PDF_TYPE });
      expect(escaping.statusCode).toBe(400);
      expect(escaping.json().field).toBe('path');
      const missing = await register({ title: 'X', path: 'guidelines/none/a.pdf', contentType: PDF_TYPE });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'file_not_uploaded', field: 'path' });

      const first = await uploadGuideline('Një herë', 'nje.pdf', PDF_TYPE, PDF);
      const twice = await register({ title: 'Dy herë', path: first.blobPath, contentType: PDF_TYPE });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('guideline_exists');
    });

    it('requires a title (400 naming it)', async () => {
      const upload = await grant({ fileName: 'a.pdf', contentType: PDF_TYPE });
      await put(upload.uploadUrl, upload.requiredHeaders, PDF);
      const response = await register({ title: '  ', path: upload.blobPath, contentType: PDF_TYPE });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'title', message: 'title is required' });
    });
  });

  describe('renaming and deleting a guideline', () => {
    it('renames a guideline, keeping its file', async () => {
      const guideline = await uploadGuideline('Emri i vjetër', 'dokument.pdf', PDF_TYPE, PDF);
      const renamed = await app.inject({
        method: 'PATCH',
        url: `/api/guidelines/${guideline.id}`,
        headers: admin,
        payload: { title: ' Emri i ri ' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id: guideline.id, title: 'Emri i ri', fileName: 'dokument.pdf' });
      const blank = await app.inject({
        method: 'PATCH',
        url: `/api/guidelines/${guideline.id}`,
        headers: admin,
        payload: { title: '' },
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().field).toBe('title');
      const unknown = await app.inject({
        method: 'PATCH',
        url: '/api/guidelines/987654',
        headers: admin,
        payload: { title: 'X' },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('deletes the guideline and its file, keeping a record of what it was', async () => {
      const guideline = await uploadGuideline('Për t’u fshirë', 'fshij.pdf', PDF_TYPE, PDF);
      expect(await isStored(guideline.blobPath)).toBe(true);
      const deleted = await app.inject({ method: 'DELETE', url: `/api/guidelines/${guideline.id}`, headers: admin });
      expect(deleted.statusCode).toBe(204);
      expect(await database.db.select().from(guidelines).where(eq(guidelines.id, guideline.id))).toHaveLength(0);
      expect(await isStored(guideline.blobPath)).toBe(false);
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'guideline.delete'), eq(auditLog.subjectId, String(guideline.id))));
      expect(entry!.before).toMatchObject({ title: 'Për t’u fshirë', path: guideline.blobPath });

      const again = await app.inject({ method: 'DELETE', url: `/api/guidelines/${guideline.id}`, headers: admin });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('managing guidelines', () => {
    it('is refused to anonymous visitors (401), guests and users (403), before reading what they sent', async () => {
      const guideline = await uploadGuideline('E paprekur', 'paprekur.pdf', PDF_TYPE, PDF);
      const calls = [
        { method: 'POST', url: '/api/guidelines/upload/sas', payload: { fileName: 'a.pdf', contentType: PDF_TYPE } },
        {
          method: 'POST',
          url: '/api/guidelines',
          payload: { title: 'X', path: guideline.blobPath, contentType: PDF_TYPE },
        },
        { method: 'PATCH', url: `/api/guidelines/${guideline.id}`, payload: { title: 'Ndryshuar' } },
        { method: 'DELETE', url: `/api/guidelines/${guideline.id}` },
        { method: 'POST', url: '/api/guidelines/upload/sas', payload: {} },
      ] as const;
      for (const [headers, status] of [
        [{}, 401],
        [await asGuest(), 403],
        [await asUser(database.db), 403],
      ] as const) {
        for (const call of calls) {
          const response = await app.inject({ ...call, headers });
          expect(response.statusCode, `${call.method} ${call.url}`).toBe(status);
        }
      }
      const [unchanged] = await database.db.select().from(guidelines).where(eq(guidelines.id, guideline.id));
      expect(unchanged!.title).toBe('E paprekur');
      expect(await isStored(guideline.blobPath)).toBe(true);
    });
  });
});
