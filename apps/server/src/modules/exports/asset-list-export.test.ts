import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle, Executor } from '../../db/client';
import { devices } from '../../db/schema/index';
import { createAsset, createDataset, createSurvey, createUser } from '../../test/factories';
import { buildTestApp } from '../../test/test-app';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { openTestDatabase } from '../../test/test-database';
import { openAssetListExport } from '../assets';

let database: DatabaseHandle;
let app: App;
let seeded: Awaited<ReturnType<typeof seed>>;
let admin: { authorization: string };

beforeAll(async () => {
  database = await openTestDatabase();
  seeded = await seed(database.db);
  app = await buildTestApp(database);
  await app.ready();
  admin = await asAdmin(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Assets of two datasets and two surveys, collected by two accounts on two devices, over three months. */
async function seed(db: Executor) {
  const monuments = await createDataset(db, { name: 'Monumente' });
  const bridges = await createDataset(db, { name: 'Ura' });
  const survey = await createSurvey(db, { descriptionXk: 'Anketa e monumenteve', descriptionEn: 'Monument survey' });
  const untitled = await createSurvey(db, { descriptionXk: null });
  const arta = await createUser(db, { userName: 'arta' });
  const besnik = await createUser(db, { userName: 'besnik' });
  const [tablet, phone] = await db
    .insert(devices)
    .values([{ mac: 'AA:BB:CC:DD:EE:01', model: 'Galaxy Tab A8' }, { mac: 'AA:BB:CC:DD:EE:02' }])
    .returning();

  const base = { surveyId: survey.id, datasetId: monuments.id, status: 'UPLOADED' };
  const kulla = await createAsset(db, {
    ...base,
    name: 'Kulla e Jasharëve',
    municipality: 'Skënderaj',
    village: 'Prekaz',
    date: new Date('2024-05-03T10:00:00Z'),
    latitude: 42.7661,
    longitude: 20.7853,
    riskLevel: 'high',
    userId: arta.id,
    deviceId: tablet!.id,
    comments: 'Fasada, e dëmtuar',
    adminNote: '=HYPERLINK("x")',
  });
  const hamam = await createAsset(db, {
    ...base,
    name: 'Hamami i Gazi Mehmet Pashës',
    municipality: 'Prizren',
    village: null,
    date: new Date('2024-06-10T09:00:00Z'),
    userId: besnik.id,
    deviceId: phone!.id,
  });
  const ura = await createAsset(db, {
    ...base,
    datasetId: bridges.id,
    name: 'Ura e Fshejtë',
    municipality: 'Prizren',
    village: 'Tusus',
    date: new Date('2024-04-01T08:00:00Z'),
    status: 'APPROVED',
    userId: arta.id,
    deviceId: phone!.id,
  });
  const imported = await createAsset(db, {
    ...base,
    surveyId: untitled.id,
    name: 'Kulla e Zenel Beut',
    municipality: 'Junik',
    date: new Date('2024-06-10T09:00:00Z'),
  });
  return {
    monuments,
    bridges,
    survey,
    untitled,
    arta,
    besnik,
    tablet: tablet!,
    phone: phone!,
    kulla,
    hamam,
    ura,
    imported,
  };
}

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

const exportAs = (query: Record<string, string | number>, headers: Record<string, string> = admin) =>
  app.inject({ url: '/api/surveys/assets/export', query: stringValues(query), headers });

const stringValues = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));

/** The ids of a CSV export, in its order. */
async function exportedIds(filter: Record<string, string | number>) {
  const response = await exportAs({ ...filter, exportType: 'CSV' });
  expect(response.statusCode, response.body).toBe(200);
  return csvLines(response.body)
    .slice(1)
    .map((line) => line.split(',')[0]);
}

/** The ids the back office's list shows for the same filters, newest first, on one page. */
async function listedIds(filter: Record<string, string | number>) {
  const response = await app.inject({
    url: '/api/surveys/assets',
    query: stringValues({ ...filter, limit: 1000, sortBy: 'date', sortOrder: 'desc' }),
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((asset: { id: string }) => asset.id);
}

describe('GET /api/surveys/assets/export', () => {
  it('is for administrators only: 401 without a session, 403 for guests and users', async () => {
    expect((await exportAs({ exportType: 'CSV' }, {})).statusCode).toBe(401);
    expect((await exportAs({ exportType: 'CSV' }, await asGuest())).statusCode).toBe(403);
    expect((await exportAs({ exportType: 'CSV' }, await asUser(database.db))).statusCode).toBe(403);
  });

  it('holds exactly the assets the list shows for the same filters, newest first', async () => {
    const filters: Record<string, string | number>[] = [
      {},
      { status: 'UPLOADED' },
      { name: 'kulla' },
      { municipality: 'prizren' },
      { village: 'prekaz' },
      { dateFrom: '2024-05-01', dateTo: '2024-06-10' },
      { dateTo: '2024-05-03' },
      { userId: seeded.arta.id },
      { deviceId: seeded.phone.id },
      { datasetId: seeded.monuments.id, surveyId: seeded.survey.id },
      { userId: seeded.arta.id, deviceId: seeded.phone.id, municipality: 'Prizren' },
      { adminNote: 'hyperlink' },
    ];
    for (const filter of filters) {
      const exported = await exportedIds(filter);
      expect(exported, JSON.stringify(filter)).toEqual(await listedIds(filter));
    }
    expect(await exportedIds({ name: 'kulla' })).toEqual([seeded.imported.id, seeded.kulla.id]);
    expect(await exportedIds({ userId: seeded.arta.id })).toEqual([seeded.kulla.id, seeded.ura.id]);
    expect(await exportedIds({ deviceId: seeded.phone.id })).toEqual([seeded.hamam.id, seeded.ura.id]);
    expect(await exportedIds({ dateTo: '2024-05-03' })).toEqual([seeded.kulla.id, seeded.ura.id]);
    expect(await exportedIds({ name: 'nowhere' })).toEqual([]);
  });

  it('writes a CSV with a BOM, headers in the request language and who collected each asset with which device', async () => {
    const response = await app.inject({
      url: '/api/surveys/assets/export',
      query: { exportType: 'CSV', municipality: 'Skënderaj' },
      headers: { ...admin, language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="survey-assets-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(csvLines(response.body)).toEqual([
      'ID,Name,Municipality,Village,Survey,Dataset,Status,Date,Collector,Device,Latitude,Longitude,Risk level,Comments,Admin note',
      // The note would run as a formula in a spreadsheet: it is written as text.
      `${seeded.kulla.id},Kulla e Jasharëve,Skënderaj,Prekaz,Monument survey,Monumente,Uploaded,2024-05-03 12:00:00,arta,Galaxy Tab A8 (AA:BB:CC:DD:EE:01),42.7661,20.7853,High,"Fasada, e dëmtuar","'=HYPERLINK(""x"")"`,
    ]);
  });

  it('names a survey without a name by its number, and leaves the collector and device of an imported asset empty', async () => {
    const response = await exportAs({ exportType: 'CSV', municipality: 'Junik' });
    const [, row] = csvLines(response.body);
    expect(row).toBe(
      `${seeded.imported.id},Kulla e Zenel Beut,Junik,,Anketa ${seeded.untitled.id},Monumente,Ngarkuar,2024-06-10 11:00:00,,,,,I ulët,,`,
    );
  });

  it('writes an XLSX workbook a spreadsheet reads back, dates as dates and coordinates as numbers', async () => {
    const response = await app.inject({
      url: '/api/surveys/assets/export',
      query: { exportType: 'XLSX', village: 'Prekaz' },
      headers: { ...admin, language: 'sr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="dobra-iz-anketa-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Dobra iz anketa');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Naziv',
      'Opština',
      'Selo',
      'Anketa',
      'Skup podataka',
      'Status',
      'Datum',
      'Prikupljač',
      'Uređaj',
      'Geografska širina',
      'Geografska dužina',
      'Nivo rizika',
      'Komentari',
      'Napomena administratora',
    ]);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(seeded.kulla.id);
    // The survey has no Serbian name: its Albanian one stands in.
    expect(row.getCell(5).value).toBe('Anketa e monumenteve');
    expect(row.getCell(8).value).toEqual(new Date('2024-05-03T12:00:00Z'));
    expect(row.getCell(10).value).toBe('Galaxy Tab A8 (AA:BB:CC:DD:EE:01)');
    expect(row.getCell(11).value).toBe(42.7661);
    // The note that looks like a formula is text (an inline string), shown as typed: no apostrophe in front.
    expect(row.getCell(15).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(15).value).toBe('=HYPERLINK("x")');
  });

  it('reads every matching asset exactly once across batches, also those that share a date', async () => {
    const batches = openAssetListExport(database.db, {}, 'en', { batchSize: 1 });
    const ids: string[] = [];
    for await (const batch of batches()) ids.push(...batch.map((row) => row.id));
    expect(ids).toEqual(await listedIds({}));
    expect(ids).toHaveLength(4);
  });

  it('answers 400 naming the field for a missing or unknown format and for a bad filter', async () => {
    const cases = [
      [{}, 'exportType'],
      [{ exportType: 'PDF' }, 'exportType'],
      [{ exportType: 'CSV', dateFrom: '2024-13-01' }, 'dateFrom'],
      [{ exportType: 'CSV', userId: 'arta' }, 'userId'],
      [{ exportType: 'CSV', status: 'LOST' }, 'status'],
    ] as const;
    for (const [query, field] of cases) {
      const response = await exportAs(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().field, JSON.stringify(query)).toBe(field);
    }
  });
});
