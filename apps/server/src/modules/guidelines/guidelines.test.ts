import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { guidelines } from '../../db/schema/index';
import { buildPdf, demoGuidelineFiles } from '../../db/seed/demo-guidelines';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { contentTypeOf } from './guidelines.presenter';
import { GUIDELINE_URL_TTL_SECONDS } from './guidelines.service';

let database: DatabaseHandle;
let app: App;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trashegimia-guidelines-test-'));
  database = await openTestDatabase();
  app = await startTestApp(database, { DATA_DIR: dataDir });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => vi.useRealTimers());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

let wordCounter = 0;
/** A word no other test's titles contain, so `q=` isolates this test's guidelines. */
const uniqueWord = () => `Fjala${++wordCounter}x${Date.now().toString(36)}`;

const PDF = buildPdf(['Udhëzues', 'Një rresht.']);
const DOCX = demoGuidelineFiles().find((file) => file.contentType === 'word')!.bytes;

/** A guideline row and, unless `stored` is false, its file in the blob store. */
async function createGuideline(
  fields: { title: string; file: string; contentType?: string; bytes?: Buffer },
  { stored = true } = {},
) {
  const bytes = fields.bytes ?? PDF;
  const blobPath = `guidelines/${fields.file}`;
  if (stored) {
    mkdirSync(path.join(dataDir, 'blobs', 'guidelines'), { recursive: true });
    writeFileSync(path.join(dataDir, 'blobs', blobPath), bytes);
  }
  const [row] = await database.db
    .insert(guidelines)
    .values({ title: fields.title, path: blobPath, contentType: fields.contentType ?? 'pdf', size: bytes.length })
    .returning();
  return row!;
}

describe('GET /api/guidelines', () => {
  it('lists the documents by title to a guest, a user and an administrator', async () => {
    const word = uniqueWord();
    const form = await createGuideline({
      title: `Formulari ${word}`,
      file: `formulari-${word}.docx`,
      contentType: 'word',
      bytes: DOCX,
    });
    const guide = await createGuideline({ title: `Udhëzues ${word}`, file: `udhezues-${word}.pdf` });

    for (const headers of [await asGuest(), await asUser(database.db), await asAdmin(database.db)]) {
      const response = await get(`/api/guidelines?q=${word}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [
          {
            id: form.id,
            title: `Formulari ${word}`,
            contentType: 'word',
            fileName: `formulari-${word}.docx`,
            size: DOCX.length,
            createdAt: form.createdAt.toISOString(),
          },
          expect.objectContaining({ id: guide.id, contentType: 'pdf', fileName: `udhezues-${word}.pdf` }),
        ],
        meta: { page: 1, limit: 20, totalItems: 2, totalPages: 1 },
      });
    }
  });

  it('refuses a visitor without a session with 401, and a bad query with 400 naming the field', async () => {
    const anonymous = await get('/api/guidelines');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthorized');

    const badFlag = await get('/api/guidelines?includeUrl=yes', await asGuest());
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().field).toBe('includeUrl');
    const badPage = await get('/api/guidelines?page=0', await asGuest());
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().field).toBe('page');
  });

  it('finds documents by part of the title, ignoring case and accents, and pages them', async () => {
    const word = uniqueWord();
    await createGuideline({ title: `Udhëzues për fotografimin ${word}`, file: `a-${word}.pdf` });
    await createGuideline({ title: `Udhëzues për regjistrimin ${word}`, file: `b-${word}.pdf` });
    await createGuideline({ title: `Formulari ${word}`, file: `c-${word}.pdf` });
    const guest = await asGuest();
    const titles = async (query: string) =>
      (await get(`/api/guidelines?${query}`, guest)).json().items.map((item: { title: string }) => item.title);

    expect(await titles(`q=${encodeURIComponent(`UDHEZUES PER FOTOGRAFIMIN ${word}`)}`)).toEqual([
      `Udhëzues për fotografimin ${word}`,
    ]);
    expect(await titles(`q=${word}`)).toEqual([
      `Formulari ${word}`,
      `Udhëzues për fotografimin ${word}`,
      `Udhëzues për regjistrimin ${word}`,
    ]);
    expect(await titles(`q=${word}&limit=2&page=2`)).toEqual([`Udhëzues për regjistrimin ${word}`]);
    // A LIKE wildcard in the search is plain text.
    expect(await titles(`q=${encodeURIComponent(`%${word}`)}`)).toEqual([]);
  });

  it('with includeUrl=1 gives each document a URL that shows the file in the page', async () => {
    const word = uniqueWord();
    await createGuideline({ title: `Udhëzues ${word}`, file: `udhezues-${word}.pdf` });

    const withoutUrls = (await get(`/api/guidelines?q=${word}`, await asGuest())).json();
    expect(withoutUrls.items[0]).not.toHaveProperty('url');

    const [item] = (await get(`/api/guidelines?q=${word}&includeUrl=1`, await asGuest())).json().items;
    // Served as a PDF, whatever it was uploaded as: the type is part of the signed URL.
    expect(item.url).toMatch(
      /^\/api\/blobs\/guidelines\/udhezues-.+\.pdf\?expires=\d+&type=application%2Fpdf&signature=[\w-]+$/,
    );
    const file = await get(item.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBeUndefined();
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });
});

describe('GET /api/guidelines/:id/sas', () => {
  it('gives a URL that downloads the file under its own name', async () => {
    const word = uniqueWord();
    const form = await createGuideline({
      title: `Formulari ${word}`,
      file: `formulari-${word}.docx`,
      contentType: 'word',
      bytes: DOCX,
    });

    const response = await get(`/api/guidelines/${form.id}/sas`, await asGuest());
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/[?&]download=formulari-.+\.docx&/);

    const file = await get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(file.headers['content-disposition']).toBe(`attachment; filename=formulari-${word}.docx`);
    expect(file.rawPayload.equals(DOCX)).toBe(true);

    // A name beyond ASCII travels encoded, so every browser saves it as written.
    const guide = await createGuideline({ title: `Udhëzues ${word}`, file: `udhëzues-${word}.pdf` });
    const accented = await get((await get(`/api/guidelines/${guide.id}/sas`, await asGuest())).json().url);
    expect(accented.statusCode).toBe(200);
    expect(accented.headers['content-disposition']).toContain(`filename*=UTF-8''udh%C3%ABzues-${word}.pdf`);
  });

  it('refuses a download URL whose name or signature was changed, and one that has expired', async () => {
    const word = uniqueWord();
    const guide = await createGuideline({ title: `Udhëzues ${word}`, file: `udhezues-${word}.pdf` });
    const { url } = (await get(`/api/guidelines/${guide.id}/sas`, await asUser(database.db))).json();
    const link = new URL(url, 'http://localhost');
    const tampered = (change: (query: URLSearchParams) => void) => {
      const query = new URLSearchParams(link.search);
      change(query);
      return `${link.pathname}?${query}`;
    };

    for (const changed of [
      tampered((query) => query.set('download', 'udhezues.exe')),
      tampered((query) => query.delete('download')),
      tampered((query) => query.set('signature', `${query.get('signature')}x`)),
      tampered((query) => query.set('expires', String(Number(query.get('expires')) + 300))),
    ]) {
      const response = await get(changed);
      expect(response.statusCode, changed).toBe(403);
      expect(response.json().code).toBe('link_invalid');
    }

    // The URL lives at least the promised time, and not for ever.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (GUIDELINE_URL_TTL_SECONDS - 5) * 1000);
    expect((await get(url)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 10 * 60 * 1000);
    const expired = await get(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('link_expired');
  });

  it('answers 404 for an unknown guideline and for one whose file is missing', async () => {
    const unknown = await get('/api/guidelines/2000000000/sas', await asGuest());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'guideline_not_found', message: 'Guideline not found' });

    const word = uniqueWord();
    const lost = await createGuideline({ title: `Humbur ${word}`, file: `humbur-${word}.pdf` }, { stored: false });
    const missing = await get(`/api/guidelines/${lost.id}/sas`, await asGuest());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('file_not_found');
  });

  it('answers 400 naming the id for a malformed one, and 401 without a session', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await get(`/api/guidelines/${id}/sas`, await asGuest());
      expect(response.statusCode, id).toBe(400);
      expect(response.json().field).toBe('id');
    }
    expect((await get('/api/guidelines/1/sas')).statusCode).toBe(401);
  });
});

describe('contentTypeOf', () => {
  it('shows Word documents stored as word or doc with the Word icon, and PDFs as PDF', () => {
    expect(contentTypeOf('pdf')).toBe('pdf');
    expect(contentTypeOf('PDF')).toBe('pdf');
    expect(contentTypeOf('word')).toBe('word');
    expect(contentTypeOf('doc')).toBe('word');
  });
});
