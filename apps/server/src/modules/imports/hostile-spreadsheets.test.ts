import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_CONTENT_TYPES } from '@trashegimia/contract/imports';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createDataset, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin } from '../../test/tokens';
import { numberedRows, repeated, workbookOf } from './testing/workbooks';

/**
 * Files made to hurt the server, each generated here (a gigabyte of XML costs a few MB): each must
 * be refused with a 400 or 413 naming the reason, quickly, while the server goes on serving.
 */
const HOSTILE: { name: string; kind: 'xlsx' | 'csv'; file: () => Buffer; status: 400 | 413; code: string }[] = [
  {
    name: '3,000 rows with a value in column XFD',
    kind: 'xlsx',
    file: () => workbookOf(repeated('<row><c r="XFD1"><v>1</v></c></row>', 3_000)),
    status: 400,
    code: 'too_many_columns',
  },
  {
    name: '1,000,000 rows',
    kind: 'xlsx',
    file: () => workbookOf(numberedRows(1_000_000, (number) => `<row r="${number}"><c><v>1</v></c></row>`)),
    status: 400,
    code: 'too_many_rows',
  },
  {
    name: '1,000,000 identical rows, packed 300 times smaller',
    kind: 'xlsx',
    file: () => workbookOf(repeated('<row><c><v>1</v></c></row>'.repeat(2_500), 400)),
    status: 413,
    code: 'file_too_large_unpacked',
  },
  {
    name: 'a sheet of 1 GB of XML (a zip bomb)',
    kind: 'xlsx',
    file: () => workbookOf(repeated('<row><c><v>1</v></c></row>'.repeat(2_500), 16_500)),
    status: 413,
    code: 'file_too_large_unpacked',
  },
  {
    name: 'the same zip bomb, its entry declaring 1 MB',
    kind: 'xlsx',
    file: () =>
      workbookOf(repeated('<row><c><v>1</v></c></row>'.repeat(2_500), 16_500), { declaredSheetSize: 1_000_000 }),
    status: 413,
    code: 'file_too_large_unpacked',
  },
  {
    name: 'malformed XML',
    kind: 'xlsx',
    file: () => workbookOf(['<row><c><v>1</v></c></rox>']),
    status: 400,
    code: 'unreadable_file',
  },
  {
    name: 'a password-protected workbook (an OLE2 compound file)',
    kind: 'xlsx',
    file: () =>
      Buffer.concat([
        Buffer.from('d0cf11e0a1b11ae1', 'hex'),
        Buffer.alloc(1_000),
        Buffer.from('EncryptedPackage', 'utf16le'),
        randomBytes(10_000),
      ]),
    status: 400,
    code: 'encrypted_file',
  },
  {
    name: 'ZIP entries flagged as encrypted',
    kind: 'xlsx',
    file: () => workbookOf(['<row><c><v>1</v></c></row>'], { encrypted: true }),
    status: 400,
    code: 'encrypted_file',
  },
  {
    name: 'a CSV file of one 30 MB line',
    kind: 'csv',
    file: () => Buffer.alloc(30_000_000, 'a'),
    status: 400,
    code: 'line_too_long',
  },
  { name: 'random bytes', kind: 'xlsx', file: () => randomBytes(1_000_000), status: 400, code: 'unreadable_file' },
  {
    name: 'a PDF',
    kind: 'xlsx',
    file: () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
    status: 400,
    code: 'unreadable_file',
  },
  {
    name: 'a text file',
    kind: 'xlsx',
    file: () => Buffer.from('Emri i asetit;Komuna\nKulla e Mazrekut;Prizren\n'),
    status: 400,
    code: 'unreadable_file',
  },
];

/**
 * The server as it ships answers each within 5 s (its bundled worker starts in about 0.1 s). From
 * source, as here, each worker first loads its code through tsx, half a second or more while other
 * test files run beside this one: the bound is looser.
 */
const ANSWER_SECONDS = 10;

let database: DatabaseHandle;
let app: App;
let admin: Record<string, string>;
let url: string;

beforeAll(async () => {
  database = await openTestDatabase();
  // IMPORT_MAX_MB as it ships (30).
  app = await startTestApp(database);
  admin = await asAdmin(database.db);
  const datasetId = (await createDataset(database.db)).id;
  const surveyId = (await createSurvey(database.db, { defaultDatasetId: datasetId })).id;
  url = `/api/imports?surveyId=${surveyId}&datasetId=${datasetId}&fileName=hostile`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const send = (kind: 'xlsx' | 'csv', file: Buffer) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...admin, 'content-type': IMPORT_CONTENT_TYPES[kind] },
    payload: file,
  });

describe('hostile spreadsheets', () => {
  it.each(HOSTILE)('refuses $name with $status $code, quickly', { timeout: 60_000 }, async (hostile) => {
    const file = hostile.file();
    const started = performance.now();
    const response = await send(hostile.kind, file);
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode, response.body).toBe(hostile.status);
    expect(response.json()).toMatchObject({ code: hostile.code, field: 'file', message: expect.any(String) });
    expect(seconds).toBeLessThan(ANSWER_SECONDS);
  });

  it('goes on answering /api/health while they arrive, and gives its memory back', { timeout: 120_000 }, async () => {
    const files = HOSTILE.map((hostile) => ({ kind: hostile.kind, file: hostile.file() }));
    // The first file read loads the reader; what the server holds from then on is its level.
    await send('csv', Buffer.from('Emri\nKulla\n'));
    const before = process.memoryUsage();

    const healthTimes: number[] = [];
    let sending = true;
    const polling = (async () => {
      while (sending) {
        const started = performance.now();
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        healthTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      for (const { kind, file } of files) expect((await send(kind, file)).statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      sending = false;
      await polling;
    }
    expect(healthTimes.length).toBeGreaterThan(files.length);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);

    files.length = 0;
    // The workers' memory goes with them, the last one's once it is torn down.
    await vi.waitFor(
      () => {
        const after = process.memoryUsage();
        expect(after.heapUsed - before.heapUsed).toBeLessThan(100 * 1024 * 1024);
        expect(after.rss - before.rss).toBeLessThan(300 * 1024 * 1024);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
