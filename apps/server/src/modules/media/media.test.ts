import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { createAsset, createDataset, createMedia, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { MEDIA_UPLOAD_GRANT_TTL_SECONDS } from './media.service';

let database: DatabaseHandle;
let app: App;
let dataDir: string;
let admin: Record<string, string>;
let surveyId: number;
let datasetId: number;

const PHOTO_MAX_BYTES = 1024 * 1024;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]);
const MP4 = Buffer.alloc(300, 1);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-media-test-'));
  database = await openTestDatabase();
  app = await startTestApp(database, { DATA_DIR: dataDir, MEDIA_MAX_MB_PHOTO: '1' });
  admin = await asAdmin(database.db);
  surveyId = (await createSurvey(database.db)).id;
  datasetId = (await createDataset(database.db)).id;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => vi.useRealTimers());

const newAsset = () => createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED' });
const blobFile = (blobPath: string) => path.join(dataDir, 'blobs', blobPath);

/** A file put straight into the store, as if uploaded earlier. */
function storeFile(blobPath: string, bytes: Buffer) {
  mkdirSync(path.dirname(blobFile(blobPath)), { recursive: true });
  writeFileSync(blobFile(blobPath), bytes);
}

type Grant = { uploadUrl: string; requiredHeaders: Record<string, string>; blobPath: string; maxBytes: number };

const askGrant = (assetId: string, payload: Record<string, unknown>, headers = admin) =>
  app.inject({ method: 'POST', url: `/api/surveys/assets/${assetId}/media/sas`, headers, payload });

async function grant(assetId: string, payload: Record<string, unknown>): Promise<Grant> {
  const response = await askGrant(assetId, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const upload = (target: Grant, bytes: Buffer, headers = target.requiredHeaders) =>
  app.inject({ method: 'PUT', url: target.uploadUrl, headers, payload: bytes });

const reconcile = (assetId: string, media: { path: string; type: string }[], headers = admin) =>
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
    const file = await app.inject({ url: item.url });
    expect(file.rawPayload.equals(JPEG)).toBe(true);
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

  it('is for administrators only (401, 403) and answers 404 for an unknown asset', async () => {
    const asset = await newAsset();
    const body = { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' };
    expect((await askGrant(asset.id, body, {})).statusCode).toBe(401);
    expect((await askGrant(asset.id, body, await asGuest())).statusCode).toBe(403);
    expect((await askGrant(asset.id, body, await asUser(database.db))).statusCode).toBe(403);
    expect((await askGrant('00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
  });
});

describe('the media upload URL', () => {
  it('takes only the granted content type (415) and refuses a photo over its limit (413)', async () => {
    const asset = await newAsset();
    const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
    expect((await upload(photo, JPEG, { 'Content-Type': 'text/html' })).statusCode).toBe(415);
    expect((await upload(photo, Buffer.alloc(PHOTO_MAX_BYTES + 1))).statusCode).toBe(413);
    expect(existsSync(blobFile(photo.blobPath))).toBe(false);
  });

  it('refuses an expired grant (403) and stores nothing', async () => {
    const asset = await newAsset();
    const photo = await grant(asset.id, { mediaType: 'PHOTO', extension: 'jpg', contentType: 'image/jpeg' });
    vi.useFakeTimers({ now: Date.now() + (MEDIA_UPLOAD_GRANT_TTL_SECONDS + 60) * 1000, toFake: ['Date'] });
    const expired = await upload(photo, JPEG);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('link_expired');
    expect(existsSync(blobFile(photo.blobPath))).toBe(false);
  });
});

describe('PUT /api/surveys/assets/{id}/media', () => {
  it('adds the new files, drops references not listed and keeps their stored files, with an audit entry', async () => {
    const asset = await newAsset();
    const kept = await createMedia(database.db, asset.id, { path: `assets/${asset.id}/kept.jpg` });
    const dropped = await createMedia(database.db, asset.id, { path: `assets/${asset.id}/dropped.jpg` });
    storeFile(kept.path, JPEG);
    storeFile(dropped.path, JPEG);
    const video = await grant(asset.id, { mediaType: 'VIDEO', extension: 'mp4', contentType: 'video/mp4' });
    expect((await upload(video, MP4)).statusCode).toBe(201);

    const media = [
      { path: kept.path, type: 'PHOTO' },
      { path: video.blobPath, type: 'VIDEO' },
    ];
    const response = await reconcile(asset.id, media);
    expect(response.statusCode, response.body).toBe(200);
    expect(await listed(asset.id)).toEqual(media);
    expect(existsSync(blobFile(dropped.path))).toBe(true);

    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'asset'), eq(auditLog.subjectId, asset.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'asset.media.update',
        before: [
          { path: kept.path, type: 'PHOTO' },
          { path: dropped.path, type: 'PHOTO' },
        ],
        after: media,
      }),
    ]);
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
    storeFile(foreign, JPEG);
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
    storeFile(clip, MP4);
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
    storeFile(large, Buffer.alloc(PHOTO_MAX_BYTES + 1));
    expect((await reconcile(asset.id, [{ path: large, type: 'PHOTO' }])).statusCode).toBe(413);
    expect(await listed(asset.id)).toEqual([]);
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
