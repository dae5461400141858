import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { requestBlobUrl, openTestStorage, STORAGE_DRIVERS, type TestStorage } from '../../storage/testing/test-storage';
import { ROLE, type Role } from '@trashegimia/contract/common';
import { createAsset, createDataset, createMedia, createSurvey, createUser } from '../../test/factories';
import { startTestApp, testConfig } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { TokenService } from '../auth';
import { sweepUnregisteredUploads, UNREGISTERED_UPLOAD_MAX_AGE_MS } from '../../storage/unregistered-uploads';
import { GRANT_BASE_SECONDS, GRANT_MAX_SECONDS, SLOW_LINK_BYTES_PER_SECOND } from '../../storage/upload-grant-lifetime';
import { assetMediaUploads } from './media.service';
import type { UploadGrant } from '@trashegimia/contract/storage';

const tokens = new TokenService(testConfig().auth.jwtSecret, 3600);
const bearer = async (userId: number, role: Role) => ({
  authorization: `Bearer ${await tokens.sign({ guest: false, userId, role })}`,
});

let database: DatabaseHandle;
let admin: Record<string, string>;
let surveyId: number;
let datasetId: number;

const PHOTO_MAX_BYTES = 1024 * 1024;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]);
/** An ISO media file: a size, then its `ftyp` box. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(300, 1)]);
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await asAdmin(database.db);
  surveyId = (await createSurvey(database.db)).id;
  datasetId = (await createDataset(database.db)).id;
});

afterAll(async () => {
  await database?.close();
});

afterEach(() => vi.useRealTimers());

const newAsset = () => createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED' });

describe.each(STORAGE_DRIVERS)('asset media on the %s blob store', (driver) => {
  let storage: TestStorage;
  let app: App;

  beforeAll(async () => {
    storage = await openTestStorage(driver);
    app = await startTestApp(database, { ...storage.environment, MEDIA_MAX_MB_PHOTO: '1' });
  });

  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  /** A file put straight into the store, as if uploaded earlier. */
  const storeFile = (blobPath: string, bytes: Buffer, contentType = 'image/jpeg') =>
    storage.store.put(blobPath, bytes, contentType);

  const askGrant = (assetId: string, payload: Record<string, unknown>, headers = admin) =>
    app.inject({ method: 'POST', url: `/api/surveys/assets/${assetId}/media/sas`, headers, payload });

  async function grant(assetId: string, payload: Record<string, unknown>): Promise<UploadGrant> {
    const response = await askGrant(assetId, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The browser's PUT to the grant's URL: to the API (local) or to the storage account (azure). */
  const upload = (target: UploadGrant, bytes: Buffer, headers = target.requiredHeaders) =>
    requestBlobUrl(app, target.uploadUrl, { method: 'PUT', headers, body: bytes });

  type Reference = { path: string; type: string; originalName?: string | null; caption?: string | null };
  const reconcile = (assetId: string, media: Reference[], headers = admin) =>
    app.inject({ method: 'PUT', url: `/api/surveys/assets/${assetId}/media`, headers, payload: { media } });

  const listed = async (assetId: string) =>
    (await app.inject({ url: `/api/surveys/assets/${assetId}/media`, headers: admin }))
      .json()
      .items.map(({ path, type }: { path: string; type: string }) => ({ path, type }));

  describe('POST /api/surveys/assets/{id}/media/sas', () => {
    it("grants an upload under the asset's own prefix with a generated name; the file then joins the asset's media", async () => {
      const asset = await newAsset();
      const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: '.JPG', contentType: 'image/jpeg' });
      expect(photo).toMatchObject({ requiredHeaders: { 'Content-Type': 'image/jpeg' }, maxBytes: PHOTO_MAX_BYTES });
      expect(photo.blobPath).toMatch(new RegExp(`^assets/${asset.id}/[0-9a-f-]{36}\\.jpg$`));
      expect((await upload(photo, JPEG)).statusCode).toBe(201);

      const saved = await reconcile(asset.id, [{ path: photo.blobPath, type: 'PHOTO' }]);
      expect(saved.statusCode, saved.body).toBe(200);
      const [item] = saved.json().items;
      expect(item).toMatchObject({ path: photo.blobPath, type: 'PHOTO', contentType: 'image/jpeg', size: JPEG.length });
      const file = await requestBlobUrl(app, item.url);
      expect(file.statusCode).toBe(200);
      expect(file.body.equals(JPEG)).toBe(true);
    });

    it('grants each media type only its own kinds of file (400 naming the field)', async () => {
      const asset = await newAsset();
      const accepted = [
        { mediaType: 'VIDEO', extension: 'mp4', contentType: 'video/mp4' },
        { mediaType: 'AUDIO', extension: 'mp3', contentType: 'audio/mpeg' },
        { mediaType: 'PDF', extension: 'pdf', contentType: 'application/pdf' },
        { mediaType: 'THREE_D', extension: 'glb', contentType: 'model/gltf-binary' },
        { mediaType: 'THREE_D', extension: 'gltf', contentType: 'model/gltf+json' },
        { mediaType: 'THREE_SIXTY_VIDEO', extension: 'webm', contentType: 'video/webm' },
        { mediaType: 'THREE_SIXTY_VIDEO', extension: 'jpg', contentType: 'image/jpeg' },
      ];
      for (const body of accepted) expect((await askGrant(asset.id, body)).statusCode, JSON.stringify(body)).toBe(200);

      const refused = [
        [{ mediaType: 'PHOTO', extension: 'mp4', contentType: 'video/mp4' }, 'contentType'],
        [{ mediaType: 'PDF', extension: 'html', contentType: 'text/html' }, 'contentType'],
        [{ mediaType: 'THREE_D', extension: 'glb', contentType: 'model/gltf+json' }, 'extension'],
        [{ mediaType: 'PHOTO', extension: 'exe', contentType: 'image/jpeg' }, 'extension'],
        [{ mediaType: 'PHOTO', extension: 'a/b', contentType: 'image/jpeg' }, 'extension'],
        [{ mediaType: 'SKETCH', extension: 'jpg', contentType: 'image/jpeg' }, 'mediaType'],
      ] as const;
      for (const [body, field] of refused) {
        const response = await askGrant(asset.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().field, JSON.stringify(body)).toBe(field);
      }
    });

    it('grants a photo only as a raster image: an SVG or another image type is refused (400 naming contentType)', async () => {
      const asset = await newAsset();
      for (const [extension, contentType] of [
        ['jpg', 'image/jpeg'],
        ['png', 'image/png'],
        ['webp', 'image/webp'],
        ['gif', 'image/gif'],
        ['heic', 'image/heic'],
      ]) {
        const body = { mediaType: 'PHOTO', extension, contentType };
        expect((await askGrant(asset.id, body)).statusCode, contentType).toBe(200);
      }
      for (const [extension, contentType] of [
        ['jpg', 'image/svg+xml'],
        ['png', 'image/svg+xml; charset=utf-8'],
        ['jpg', 'image/x-icon'],
        ['png', 'image/vnd.microsoft.icon'],
      ]) {
        for (const mediaType of ['PHOTO', 'THREE_SIXTY_VIDEO']) {
          const response = await askGrant(asset.id, { mediaType, extension, contentType });
          expect(response.statusCode, `${mediaType} ${contentType}`).toBe(400);
          expect(response.json()).toMatchObject({ field: 'contentType', code: 'unsupported_file_type' });
        }
      }
    });

    it('gives a grant as long as its file needs over a slow connection, not hours for a photo', async () => {
      const asset = await newAsset();
      const secondsLeft = (granted: UploadGrant) => (Date.parse(granted.expiresAt) - Date.now()) / 1000;
      const size = 600 * 1024;
      const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg', size });
      expect(secondsLeft(photo)).toBeCloseTo(GRANT_BASE_SECONDS + size / SLOW_LINK_BYTES_PER_SECOND, -1);
      expect(secondsLeft(photo)).toBeLessThan(30 * 60);
      // Without a size, as long as the largest photo needs.
      const unsized = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      expect(secondsLeft(unsized)).toBeCloseTo(GRANT_BASE_SECONDS + PHOTO_MAX_BYTES / SLOW_LINK_BYTES_PER_SECOND, -1);
      // A large video gets hours, but never more than the cap.
      const video = await grant(asset.id, {
        mediaType: 'VIDEO',
        extension: 'mp4',
        contentType: 'video/mp4',
        size: 2000 * 1024 * 1024,
      });
      expect(secondsLeft(video)).toBeCloseTo(GRANT_MAX_SECONDS, -1);
    });

    it("refuses a file announced as larger than its type's limit with 413, before it is sent", async () => {
      const asset = await newAsset();
      const response = await askGrant(asset.id, {
        mediaType: 'PHOTO',
        extension: 'jpg',
        contentType: 'image/jpeg',
        size: PHOTO_MAX_BYTES + 1,
      });
      expect(response.statusCode).toBe(413);
      // Another type keeps its own, larger limit.
      const video = await askGrant(asset.id, {
        mediaType: 'VIDEO',
        extension: 'mp4',
        contentType: 'video/mp4',
        size: PHOTO_MAX_BYTES + 1,
      });
      expect(video.statusCode).toBe(200);
    });

    it("is for administrators and the asset's own collector (401, 403) and answers 404 for an unknown asset", async () => {
      const asset = await newAsset();
      const body = { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' };
      expect((await askGrant(asset.id, body, {})).statusCode).toBe(401);
      expect((await askGrant(asset.id, body, await asGuest())).statusCode).toBe(403);
      expect((await askGrant(asset.id, body, await asUser(database.db))).statusCode).toBe(403);
      expect((await askGrant('00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    });
  });

  describe('a collector adding media from the field', () => {
    it('lets the collector who submitted an asset add a photo while it awaits review, and see it', async () => {
      const collector = await createUser(database.db, { role: ROLE.USER });
      const headers = await bearer(collector.id, ROLE.USER);
      const asset = await createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED', userId: collector.id });
      const granted = await askGrant(
        asset.id,
        { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' },
        headers,
      );
      expect(granted.statusCode, granted.body).toBe(200);
      const photo: UploadGrant = granted.json();
      expect((await upload(photo, JPEG)).statusCode).toBeLessThan(300);
      const listedNow = await reconcile(asset.id, [{ path: photo.blobPath, type: 'PHOTO' }], headers);
      expect(listedNow.statusCode, listedNow.body).toBe(200);
      expect(listedNow.json().items).toEqual([expect.objectContaining({ path: photo.blobPath, type: 'PHOTO' })]);
      const seen = await app.inject({ url: `/api/surveys/assets/${asset.id}/media`, headers });
      expect(seen.json().items).toHaveLength(1);
    });

    it("refuses the collector once the asset is reviewed, and anyone else's asset (403)", async () => {
      const collector = await createUser(database.db, { role: ROLE.USER });
      const headers = await bearer(collector.id, ROLE.USER);
      const body = { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' };
      const reviewed = await createAsset(database.db, {
        surveyId,
        datasetId,
        status: 'APPROVED',
        userId: collector.id,
      });
      expect((await askGrant(reviewed.id, body, headers)).statusCode).toBe(403);
      expect((await reconcile(reviewed.id, [], headers)).statusCode).toBe(403);
      const someoneElses = await createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED' });
      expect((await askGrant(someoneElses.id, body, headers)).statusCode).toBe(403);
      expect((await reconcile(someoneElses.id, [], headers)).statusCode).toBe(403);
      const hidden = await app.inject({ url: `/api/surveys/assets/${someoneElses.id}/media`, headers });
      expect(hidden.statusCode).toBe(404);
    });
  });

  describe('the media upload URL', () => {
    // The local store refuses a bad upload as it arrives; a SAS URL takes it, and registering it fails.
    it('never lets a file of another content type than granted join the media (415 at the upload or 400 at registration)', async () => {
      const asset = await newAsset();
      const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      const put = await upload(photo, JPEG, { ...photo.requiredHeaders, 'Content-Type': 'text/html' });
      const saved = await reconcile(asset.id, [{ path: photo.blobPath, type: 'PHOTO' }]);
      expect(saved.statusCode).toBe(400);
      if (driver === 'local') {
        expect(put.statusCode).toBe(415);
        expect(saved.json()).toMatchObject({ code: 'file_not_uploaded', field: 'media.0.path' });
      } else {
        expect(put.statusCode).toBe(201);
        expect(saved.json()).toMatchObject({ code: 'file_content_mismatch', field: 'media.0.path' });
        expect(saved.json().message).toContain('text/html');
      }
      expect(await listed(asset.id)).toEqual([]);
    });

    it('never lets a photo over its limit join the media (413 at the upload or at registration)', async () => {
      const asset = await newAsset();
      const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      const large = Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]);
      const put = await upload(photo, large);
      const saved = await reconcile(asset.id, [{ path: photo.blobPath, type: 'PHOTO' }]);
      if (driver === 'local') {
        expect(put.statusCode).toBe(413);
        expect(await storage.store.exists(photo.blobPath)).toBe(false);
        expect(saved.statusCode).toBe(400);
      } else {
        expect(put.statusCode).toBe(201);
        expect(saved.statusCode).toBe(413);
      }
      expect(await listed(asset.id)).toEqual([]);
    });

    it('refuses an expired grant (403) and stores nothing', async () => {
      const asset = await newAsset();
      // Granted long ago (with a token of that time), used now.
      vi.useFakeTimers({ now: Date.now() - (GRANT_MAX_SECONDS + 60) * 1000, toFake: ['Date'] });
      const response = await askGrant(
        asset.id,
        { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' },
        await asAdmin(database.db),
      );
      expect(response.statusCode, response.body).toBe(200);
      const photo: UploadGrant = response.json();
      vi.useRealTimers();

      const expired = await upload(photo, JPEG);
      expect(expired.statusCode).toBe(403);
      if (driver === 'local') expect(JSON.parse(expired.body.toString()).code).toBe('link_expired');
      expect(await storage.store.exists(photo.blobPath)).toBe(false);
    });

    it('never lets an old upload URL replace a listed photo once the asset is approved: readers keep seeing the photo', async () => {
      const collector = await createUser(database.db, { role: ROLE.USER });
      const headers = await bearer(collector.id, ROLE.USER);
      const asset = await createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED', userId: collector.id });
      const body = { mediaType: 'PHOTO', extension: 'png', contentType: 'image/png' };
      const granted = await askGrant(asset.id, body, headers);
      expect(granted.statusCode, granted.body).toBe(200);
      const photo: UploadGrant = granted.json();
      expect((await upload(photo, PNG)).statusCode).toBe(201);
      expect((await reconcile(asset.id, [{ path: photo.blobPath, type: 'PHOTO' }], headers)).statusCode).toBe(200);
      const approved = await app.inject({
        method: 'PATCH',
        url: `/api/surveys/assets/${asset.id}/status`,
        headers: admin,
        payload: { status: 'APPROVED' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await askGrant(asset.id, body, headers)).statusCode).toBe(403);

      // The same URL again, with no session and without the grant's If-None-Match, as anyone who kept it could send it.
      const { 'If-None-Match': _, ...bare } = photo.requiredHeaders;
      const replaced = await upload(photo, HTML, bare);
      expect(replaced.statusCode).toBe(driver === 'local' ? 409 : 403);
      const withHeaders = await upload(photo, HTML);
      expect(withHeaders.statusCode).toBe(driver === 'local' ? 409 : 403);

      const [item] = (await app.inject({ url: `/api/surveys/assets/${asset.id}/media`, headers: admin })).json().items;
      const file = await requestBlobUrl(app, item.url);
      expect(file.body.equals(PNG)).toBe(true);
      expect(file.headers.get('content-type')).toBe('image/png');
    });

    it('serves a listed file as the type it was registered with, whatever it was uploaded as', async () => {
      const asset = await newAsset();
      // A JPEG sent as a web page: on Azure the stored Content-Type is whatever the PUT said.
      const photo = await createMedia(database.db, asset.id, {
        path: `assets/${asset.id}/served.jpg`,
        contentType: 'image/jpeg',
      });
      await storeFile(photo.path, JPEG, 'text/html');
      const [item] = (await app.inject({ url: `/api/surveys/assets/${asset.id}/media`, headers: admin })).json().items;
      const file = await requestBlobUrl(app, item.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      // The asset list's photo too.
      const seeded = await createMedia(database.db, (await newAsset()).id, {
        path: 'demo/served.png',
        contentType: null,
      });
      await storeFile(seeded.path, PNG, 'text/html');
      const list = await app.inject({ url: `/api/surveys/assets/${seeded.assetId}/media`, headers: admin });
      const shown = await requestBlobUrl(app, list.json().items[0].url);
      expect(shown.headers.get('content-type')).toBe('image/png');
    });

    it("binds a grant to the file it was given for: it cannot write another asset's file", async () => {
      const asset = await newAsset();
      const other = await newAsset();
      const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      const elsewhere = { ...photo, uploadUrl: photo.uploadUrl.replace(asset.id, other.id) };
      expect((await upload(elsewhere, JPEG)).statusCode).toBe(403);
      expect(await storage.store.exists(photo.blobPath.replace(asset.id, other.id))).toBe(false);
    });
  });

  describe('PUT /api/surveys/assets/{id}/media', () => {
    it('adds the new files, drops references not listed and keeps their stored files, with an audit entry', async () => {
      const asset = await newAsset();
      const kept = await createMedia(database.db, asset.id, { path: `assets/${asset.id}/kept.jpg` });
      const dropped = await createMedia(database.db, asset.id, { path: `assets/${asset.id}/dropped.jpg` });
      await storeFile(kept.path, JPEG);
      await storeFile(dropped.path, JPEG);
      const video = await grant(asset.id, { mediaType: 'VIDEO', extension: 'mp4', contentType: 'video/mp4' });
      expect((await upload(video, MP4)).statusCode).toBe(201);

      const media = [
        { path: kept.path, type: 'PHOTO' },
        { path: video.blobPath, type: 'VIDEO' },
      ];
      const response = await reconcile(asset.id, media);
      expect(response.statusCode, response.body).toBe(200);
      expect(await listed(asset.id)).toEqual(media);
      expect(await storage.store.exists(dropped.path)).toBe(true);

      const entries = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'asset'), eq(auditLog.subjectId, asset.id)));
      const unnamed = { originalName: null, caption: null };
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'asset.media.update',
          before: [
            { path: kept.path, type: 'PHOTO', ...unnamed },
            { path: dropped.path, type: 'PHOTO', ...unnamed },
          ],
          after: media.map((reference) => ({ ...reference, ...unnamed })),
        }),
      ]);
    });

    it("keeps the uploaded file's own name, without folders or control characters, and its caption", async () => {
      const asset = await newAsset();
      const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      expect((await upload(photo, JPEG)).statusCode).toBe(201);

      const response = await reconcile(asset.id, [
        {
          path: photo.blobPath,
          type: 'PHOTO',
          originalName: 'C:\\Users\\arta\\Kulla\u0007 e  Jasharëve.jpg',
          caption: '  Fasada lindore  ',
        },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().items).toEqual([
        expect.objectContaining({
          path: photo.blobPath,
          originalName: 'Kulla e Jasharëve.jpg',
          caption: 'Fasada lindore',
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        }),
      ]);
    });

    it("changes a kept file's caption and name only when they are sent, and clears them with null", async () => {
      const asset = await newAsset();
      const photo = await createMedia(database.db, asset.id, {
        path: `assets/${asset.id}/photo.jpg`,
        originalName: 'IMG_2041.jpg',
      });
      const item = async () =>
        (await app.inject({ url: `/api/surveys/assets/${asset.id}/media`, headers: admin })).json().items[0];

      expect((await reconcile(asset.id, [{ path: photo.path, type: 'PHOTO', caption: 'Hyrja' }])).statusCode).toBe(200);
      expect(await item()).toMatchObject({ originalName: 'IMG_2041.jpg', caption: 'Hyrja' });

      await reconcile(asset.id, [{ path: photo.path, type: 'PHOTO', originalName: 'Hyrja kryesore.jpg' }]);
      expect(await item()).toMatchObject({ originalName: 'Hyrja kryesore.jpg', caption: 'Hyrja' });

      await reconcile(asset.id, [{ path: photo.path, type: 'PHOTO' }]);
      expect(await item()).toMatchObject({ originalName: 'Hyrja kryesore.jpg', caption: 'Hyrja' });

      await reconcile(asset.id, [{ path: photo.path, type: 'PHOTO', originalName: null, caption: '  ' }]);
      expect(await item()).toMatchObject({ originalName: null, caption: null });
    });

    it('refuses a name or caption longer than it may be (400 naming it), changing nothing', async () => {
      const asset = await newAsset();
      const photo = await createMedia(database.db, asset.id, { path: `assets/${asset.id}/photo.jpg` });
      const longName = await reconcile(asset.id, [{ path: photo.path, type: 'PHOTO', originalName: 'a'.repeat(1025) }]);
      expect(longName.statusCode).toBe(400);
      expect(longName.json().field).toBe('media.0.originalName');
      const longCaption = await reconcile(asset.id, [{ path: photo.path, type: 'PHOTO', caption: 'a'.repeat(1001) }]);
      expect(longCaption.statusCode).toBe(400);
      expect(longCaption.json().field).toBe('media.0.caption');
      expect((await app.inject({ url: `/api/surveys/assets/${asset.id}/media`, headers: admin })).json().items).toEqual(
        [expect.objectContaining({ originalName: null, caption: null })],
      );
    });

    it('keeps a reference the asset already has outside its prefix (seeded media) and empties the list when asked', async () => {
      const asset = await newAsset();
      const seeded = await createMedia(database.db, asset.id, { path: 'demo/kulla.jpg' });
      expect((await reconcile(asset.id, [{ path: seeded.path, type: 'PHOTO' }])).statusCode).toBe(200);
      expect(await listed(asset.id)).toEqual([{ path: seeded.path, type: 'PHOTO' }]);

      expect((await reconcile(asset.id, [])).statusCode).toBe(200);
      expect(await listed(asset.id)).toEqual([]);
    });

    it("refuses another asset's file, a path outside the store and a file never uploaded (400 naming the item), changing nothing", async () => {
      const asset = await newAsset();
      const other = await newAsset();
      const existing = await createMedia(database.db, asset.id, { path: `assets/${asset.id}/existing.jpg` });
      const foreign = `assets/${other.id}/photo.jpg`;
      await storeFile(foreign, JPEG);
      const cases = [
        [foreign, 'foreign_path'],
        [`assets/${asset.id}/../${other.id}/photo.jpg`, 'foreign_path'],
        [`assets/${asset.id}/never-uploaded.jpg`, 'file_not_uploaded'],
      ] as const;
      for (const [blobPath, code] of cases) {
        const response = await reconcile(asset.id, [{ path: blobPath, type: 'PHOTO' }]);
        expect(response.statusCode, blobPath).toBe(400);
        expect(response.json()).toMatchObject({ code, field: 'media.0.path' });
      }
      expect(await listed(asset.id)).toEqual([{ path: existing.path, type: 'PHOTO' }]);
    });

    it('refuses a file whose extension its type does not take, a path listed twice, and an oversized file (413)', async () => {
      const asset = await newAsset();
      const clip = `assets/${asset.id}/clip.mp4`;
      await storeFile(clip, MP4, 'video/mp4');
      const mismatch = await reconcile(asset.id, [{ path: clip, type: 'PHOTO' }]);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({ code: 'type_mismatch', field: 'media.0.type' });

      const twice = await reconcile(asset.id, [
        { path: clip, type: 'VIDEO' },
        { path: clip, type: 'VIDEO' },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ code: 'duplicate_path', field: 'media.1.path' });

      const large = `assets/${asset.id}/large.jpg`;
      await storeFile(large, Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]));
      expect((await reconcile(asset.id, [{ path: large, type: 'PHOTO' }])).statusCode).toBe(413);
      expect(await listed(asset.id)).toEqual([]);
    });

    it('refuses a file whose first bytes are not those of its type, naming the path (400), changing nothing', async () => {
      const asset = await newAsset();
      const page = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      expect((await upload(page, HTML)).statusCode).toBe(201);
      const pngAsJpeg = `assets/${asset.id}/renamed.jpg`;
      await storeFile(pngAsJpeg, PNG);
      for (const blobPath of [page.blobPath, pngAsJpeg]) {
        const response = await reconcile(asset.id, [{ path: blobPath, type: 'PHOTO' }]);
        expect(response.statusCode, blobPath).toBe(400);
        expect(response.json()).toMatchObject({ code: 'file_content_mismatch', field: 'media.0.path' });
        expect(response.json().message).toContain('media.0.path');
      }
      expect(await listed(asset.id)).toEqual([]);
    });

    it('takes each kind of file whose first bytes match its type', async () => {
      const asset = await newAsset();
      const files = [
        { name: 'photo.png', type: 'PHOTO', bytes: PNG, contentType: 'image/png' },
        { name: 'clip.mp4', type: 'VIDEO', bytes: MP4, contentType: 'video/mp4' },
        {
          name: 'model.glb',
          type: 'THREE_D',
          bytes: Buffer.from('glTF\u0002\u0000\u0000\u0000'),
          contentType: 'model/gltf-binary',
        },
        {
          name: 'model.gltf',
          type: 'THREE_D',
          bytes: Buffer.from('{"asset":{"version":"2.0"}}'),
          contentType: 'model/gltf+json',
        },
        { name: 'report.pdf', type: 'PDF', bytes: Buffer.from('%PDF-1.7\n'), contentType: 'application/pdf' },
        { name: 'panorama.jpg', type: 'THREE_SIXTY_VIDEO', bytes: JPEG, contentType: 'image/jpeg' },
      ];
      const media = [];
      for (const file of files) {
        const blobPath = `assets/${asset.id}/${file.name}`;
        await storeFile(blobPath, file.bytes, file.contentType);
        media.push({ path: blobPath, type: file.type });
      }
      const response = await reconcile(asset.id, media);
      expect(response.statusCode, response.body).toBe(200);
      expect(await listed(asset.id)).toEqual(media);
    });

    it('is for administrators only (401, 403), answers 404 for an unknown asset and 400 for a bad body', async () => {
      const asset = await newAsset();
      expect((await reconcile(asset.id, [], {})).statusCode).toBe(401);
      expect((await reconcile(asset.id, [], await asGuest())).statusCode).toBe(403);
      expect((await reconcile(asset.id, [], await asUser(database.db))).statusCode).toBe(403);
      expect((await reconcile('00000000-0000-4000-8000-000000000000', [])).statusCode).toBe(404);
      const badType = await reconcile(asset.id, [{ path: 'a.jpg', type: 'SKETCH' }]);
      expect(badType.statusCode).toBe(400);
      expect(badType.json().field).toBe('media.0.type');
    });
  });

  describe('uploads never listed', () => {
    const dayLater = () => Date.now() + UNREGISTERED_UPLOAD_MAX_AGE_MS + 60_000;
    const sweep = (now: number) =>
      sweepUnregisteredUploads(storage.store, assetMediaUploads(database.db, storage.store), now);

    it('are removed after a day, while listed files and files whose reference was dropped stay', async () => {
      const asset = await newAsset();
      const photoGrant = () => grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      const [listed, dropped, never] = [await photoGrant(), await photoGrant(), await photoGrant()];
      for (const granted of [listed, dropped, never]) expect((await upload(granted, JPEG)).statusCode).toBe(201);
      expect(
        (
          await reconcile(asset.id, [
            { path: listed.blobPath, type: 'PHOTO' },
            { path: dropped.blobPath, type: 'PHOTO' },
          ])
        ).statusCode,
      ).toBe(200);
      expect((await reconcile(asset.id, [{ path: listed.blobPath, type: 'PHOTO' }])).statusCode).toBe(200);

      await sweep(Date.now());
      expect(await storage.store.exists(never.blobPath)).toBe(true);

      await sweep(dayLater());
      expect(await storage.store.exists(never.blobPath)).toBe(false);
      expect(await storage.store.exists(listed.blobPath)).toBe(true);
      expect(await storage.store.exists(dropped.blobPath)).toBe(true);
      // The dropped file can still be listed again.
      const again = await reconcile(asset.id, [
        { path: listed.blobPath, type: 'PHOTO' },
        { path: dropped.blobPath, type: 'PHOTO' },
      ]);
      expect(again.statusCode, again.body).toBe(200);
      const late = await reconcile(asset.id, [{ path: never.blobPath, type: 'PHOTO' }]);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 'file_not_uploaded', field: 'media.0.path' });
    });

    it("leave other assets' listed files and files outside any asset's folder alone", async () => {
      const asset = await newAsset();
      const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
      expect((await upload(photo, JPEG)).statusCode).toBe(201);
      expect((await reconcile(asset.id, [{ path: photo.blobPath, type: 'PHOTO' }])).statusCode).toBe(200);
      await storeFile('assets/not-an-asset/photo.jpg', JPEG);
      await storeFile('demo/kulla.jpg', JPEG);

      await sweep(dayLater());
      expect(await storage.store.exists(photo.blobPath)).toBe(true);
      expect(await storage.store.exists('assets/not-an-asset/photo.jpg')).toBe(true);
      expect(await storage.store.exists('demo/kulla.jpg')).toBe(true);
    });
  });
});
