import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle, Executor } from '../../db/client';
import { assets } from '../../db/schema/index';
import { drawDemoPhoto } from '../../db/seed/demo-images';
import { createRandom } from '../../db/seed/random';
import type { BlobStore } from '../../storage/blob-store';
import {
  createAsset,
  createDataset,
  createMedia,
  createOption,
  createQuestion,
  createSurvey,
} from '../../test/factories';
import { buildTestApp } from '../../test/test-app';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { openTestDatabase } from '../../test/test-database';
import { systemClock } from '../../clock';
import { UrlSigner } from '../../storage/url-signer';
import { exportRoutes } from './exports.routes';
import { downloadAssetPdf } from './exports.service';
import { LICENCE } from './testing/document-fixtures';

let database: DatabaseHandle;
let app: App;
let seeded: Awaited<ReturnType<typeof seed>>;
let user: { authorization: string };
let admin: { authorization: string };
let guest: { authorization: string };

/** Download links of the capped routes: a refusal comes before a link is made, so none is ever followed. */
const cappedLinks = {
  signer: new UrlSigner('capped-routes-key', systemClock),
  sessions: { currentSession: async () => null, isRevoked: async () => true },
};

beforeAll(async () => {
  database = await openTestDatabase();
  seeded = await seed(database.db);
  app = await buildTestApp(database);
  // The same routes with a whole-dataset PDF capped at one asset, to reach the 413 without 2,001 assets.
  await app.register(exportRoutes, {
    prefix: '/api/capped/surveys',
    db: database.db,
    maxPdfAssets: 1,
    licence: LICENCE,
    links: cappedLinks,
  });
  await app.ready();
  user = await asUser(database.db);
  admin = await asAdmin(database.db);
  guest = await asGuest();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/**
 * A dataset with one survey: name (text), municipality (single choice) and material (multiple
 * choice); two approved assets and one still under review, plus an asset of another dataset.
 */
async function seed(db: Executor) {
  const dataset = await createDataset(db, { name: 'Monumente', pillColor: '#8B4513' });
  const other = await createDataset(db, { name: 'Peizazhe' });
  const survey = await createSurvey(db);
  const name = await createQuestion(db, survey.id, {
    questionNr: '1.1',
    questionType: 'TEXT',
    questionIdentifier: 'ASSET_NAME',
    titleXk: 'Emri i asetit',
    titleEn: 'Name of the asset',
  });
  const municipality = await createQuestion(db, survey.id, {
    questionNr: '1.2',
    questionIdentifier: 'MUNICIPALITY_NAME',
    titleXk: 'Komuna',
    titleEn: 'Municipality',
  });
  const material = await createQuestion(db, survey.id, {
    questionNr: '2.1',
    questionType: 'MULTIPLE_CHOICE',
    titleXk: 'Materiali ndërtimor',
    titleEn: 'Building material',
  });
  const skenderaj = await createOption(db, municipality.id, { value: 'Skënderaj' });
  const decan = await createOption(db, municipality.id, { value: 'Deçan' });
  const stone = await createOption(db, material.id, {
    value: 'gur',
    descriptionXk: 'Gur i latuar',
    descriptionEn: 'Gur i latuar (en)',
  });
  const wood = await createOption(db, material.id, { value: 'dru', descriptionXk: 'Dru', descriptionEn: 'Dru (en)' });

  type Option = typeof stone;
  const asset = (
    fields: Partial<typeof assets.$inferInsert> & { name: string },
    choices: { municipality: Option; materials: Option[] },
  ) =>
    createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      municipality: choices.municipality.value,
      ...fields,
      answers: [
        { questionId: name.id, value: fields.name },
        { questionId: municipality.id, optionId: choices.municipality.id, value: choices.municipality.value },
        ...choices.materials.map((choice) => ({ questionId: material.id, optionId: choice.id, value: choice.value })),
      ],
    });

  const kulla = await asset(
    {
      name: 'Kulla e Jasharëve',
      village: 'Prekaz',
      latitude: 42.7661,
      longitude: 20.7853,
      date: new Date('2024-05-03T10:00:00Z'),
    },
    { municipality: skenderaj, materials: [stone, wood] },
  );
  const decani = await asset(
    { name: 'Manastir Visoki Dečani', date: new Date('2024-06-01T08:00:00Z'), riskLevel: 'high' },
    { municipality: decan, materials: [stone] },
  );
  const underReview = await asset({ name: 'Në shqyrtim', status: 'UPLOADED' }, { municipality: decan, materials: [] });
  await asset({ name: 'Elsewhere', datasetId: other.id }, { municipality: decan, materials: [] });
  return { dataset, kulla, decani, underReview, municipality, decan };
}

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const exportBody = (extra: Record<string, unknown> = {}) => ({ datasetId: seeded.dataset.id, ...extra });

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET /api/surveys/assets/:id/pdf', () => {
  it("sends anyone the asset's PDF as an attachment, with its name and answers in the request language", async () => {
    const response = await app.inject({
      url: `/api/surveys/assets/${seeded.kulla.id}/pdf`,
      headers: { language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="kulla-e-jashareve.pdf"; filename*=UTF-8''kulla-e-jashar%C3%ABve.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Kulla e Jasharëve');
    expect(text).toContain('Building material');
    expect(text).toContain('Gur i latuar (en)');
    expect(text).toContain('Monumente');
  });

  it("includes the asset's first photo from the blob store, and does without it when the file is missing", async () => {
    await createMedia(database.db, seeded.kulla.id, { path: 'photos/kulla.png' });
    const photo = drawDemoPhoto('monuments', createRandom(3));
    const blobs = (files: Record<string, Buffer>): BlobStore => ({
      driver: 'local',
      origin: null,
      readUrl: async (path) => `/blobs/${path}`,
      exists: async (path) => path in files,
      read: async (path) => files[path] ?? Promise.reject(new Error('missing')),
    });
    const withPhoto = await downloadAssetPdf(
      database.db,
      blobs({ 'photos/kulla.png': photo }),
      null,
      seeded.kulla.id,
      'xk',
      { licence: LICENCE },
      'https://trashegimia.example',
    );
    const withoutPhoto = await downloadAssetPdf(
      database.db,
      blobs({}),
      null,
      seeded.kulla.id,
      'xk',
      { licence: LICENCE },
      'https://trashegimia.example',
    );
    const raw = async (download: typeof withPhoto) => (await buffer(download.body)).toString('latin1');
    expect(await raw(withPhoto)).toContain('/Subtype /Image');
    expect(await raw(withoutPhoto)).not.toContain('/Subtype /Image');
  });

  it('does not count the download as a view', async () => {
    const viewCount = async () =>
      (await database.db.select().from(assets).where(eq(assets.id, seeded.decani.id)))[0]!.viewCount;
    const before = await viewCount();
    const response = await app.inject({ url: `/api/surveys/assets/${seeded.decani.id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(await viewCount()).toBe(before);
  });

  it('hides an asset the visitor may not see and answers 400 for a malformed id', async () => {
    const hidden = await app.inject({ url: `/api/surveys/assets/${seeded.underReview.id}/pdf` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'asset_not_found' });

    const forAdmin = await app.inject({ url: `/api/surveys/assets/${seeded.underReview.id}/pdf`, headers: admin });
    expect(forAdmin.statusCode).toBe(200);

    const malformed = await app.inject({ url: '/api/surveys/assets/not-a-uuid/pdf' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'id' });
  });
});

describe('POST /api/surveys/dataset-respondents/export', () => {
  it('refuses anonymous visitors (401) and guests (403)', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      payload: exportBody({ exportType: 'CSV' }),
    });
    expect(anonymous.statusCode).toBe(401);
    const asGuest = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: guest,
      payload: exportBody({ exportType: 'CSV' }),
    });
    expect(asGuest.statusCode).toBe(403);
  });

  it('answers 404 for an unknown dataset', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: user,
      payload: { datasetId: 999_999, exportType: 'CSV' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Dataset not found' });
  });

  it('exports the approved assets as CSV with a BOM, one row per asset and one column per question, and its licence', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: { ...user, language: 'en' },
      payload: exportBody({ exportType: 'CSV' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="monumente-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // A CSV holds only its table: the licence and the dataset's last update come beside it (decision 0036).
    expect(response.headers.link).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
    const { lastUpdate } = (await app.inject({ url: `/api/datasets/${seeded.dataset.id}` })).json();
    expect(response.headers['last-modified']).toBe(new Date(lastUpdate).toUTCString());
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvLines(response.body);
    expect(header).toBe(
      'ID,Name,Municipality,Village,Date,Status,Latitude,Longitude,Risk level,1.1 Name of the asset,1.2 Municipality,2.1 Building material',
    );
    expect(rows).toHaveLength(2);
    expect(rows).toContain(
      `${seeded.kulla.id},Kulla e Jasharëve,Skënderaj,Prekaz,2024-05-03 12:00:00,Approved,42.7661,20.7853,Low,Kulla e Jasharëve,Skënderaj (en),"Gur i latuar (en), Dru (en)"`,
    );
    expect(rows.some((row) => row.startsWith(`${seeded.decani.id},Manastir Visoki Dečani,`))).toBe(true);
  });

  it('lets an administrator export assets of every status', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: admin,
      payload: exportBody({ exportType: 'CSV' }),
    });
    expect(csvLines(response.body)).toHaveLength(4);
  });

  it('exports only the filtered part', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: user,
      payload: exportBody({
        exportType: 'CSV',
        filters: [{ questionId: seeded.municipality.id, questionOptionIds: [seeded.decan.id] }],
      }),
    });
    expect(response.statusCode).toBe(200);
    const [, ...rows] = csvLines(response.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Manastir Visoki Dečani');
  });

  it('exports only the assets of the date range and map area of the list', async () => {
    const csv = async (range: Record<string, unknown>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/surveys/dataset-respondents/export',
        headers: user,
        payload: exportBody({ exportType: 'CSV', ...range }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return csvLines(response.body).slice(1);
    };
    const inMay = await csv({ dateFrom: '2024-05-01', dateTo: '2024-05-31' });
    expect(inMay).toHaveLength(1);
    expect(inMay[0]).toContain('Kulla e Jasharëve');
    const aroundPrekaz = await csv({ latMin: 42.7, latMax: 42.8, lngMin: 20.7, lngMax: 20.9 });
    expect(aroundPrekaz).toHaveLength(1);
    expect(aroundPrekaz[0]).toContain('Kulla e Jasharëve');

    const reversed = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: user,
      payload: exportBody({ exportType: 'CSV', dateFrom: '2024-06-01', dateTo: '2024-05-01' }),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().field).toBe('dateTo');
  });

  it('exports an XLSX workbook that exceljs opens with the header and the rows', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: user,
      payload: exportBody({ exportType: 'XLSX' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="monumente-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Monumente');
    expect(sheet.getRow(1).getCell(1).value).toBe('ID');
    expect(sheet.getRow(1).getCell(10).value).toBe('1.1 Emri i asetit');
    expect(sheet.rowCount).toBe(3);
    const names = [sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value];
    expect(names.sort()).toEqual(['Kulla e Jasharëve', 'Manastir Visoki Dečani']);
    const kulla = [2, 3].map((index) => sheet.getRow(index)).find((row) => row.getCell(1).value === seeded.kulla.id)!;
    expect(kulla.getCell(5).value).toEqual(new Date('2024-05-03T12:00:00Z'));
    expect(kulla.getCell(7).value).toBe(42.7661);
  });

  it('exports a PDF of the dataset when no exportType is given', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: { ...user, language: 'sr' },
      payload: exportBody(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/filename="monumente-\d{4}-\d{2}-\d{2}\.pdf"/);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Kulla e Jasharëve');
    expect(text).toContain('Manastir Visoki Dečani');
    expect(text).toContain('Dobra: 2');
    expect(text).not.toContain('Në shqyrtim');
  });

  it('refuses a PDF of more assets than the cap with 413 and suggests XLSX or CSV', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/capped/surveys/dataset-respondents/export',
      headers: { ...user, language: 'en' },
      payload: exportBody(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'pdf_export_too_large' });
    expect(response.json().message).toContain('XLSX');
    expect(response.json().message).toContain('at most 1');

    const underTheCap = await app.inject({
      method: 'POST',
      url: '/api/capped/surveys/dataset-respondents/export',
      headers: user,
      payload: exportBody({
        filters: [{ questionId: seeded.municipality.id, questionOptionIds: [seeded.decan.id] }],
      }),
    });
    expect(underTheCap.statusCode).toBe(200);
    expect(await pdfText(underTheCap.rawPayload)).toContain('Manastir Visoki Dečani');

    // A download link is refused the same way, before there is a link to follow.
    const link = await app.inject({
      method: 'POST',
      url: '/api/capped/surveys/dataset-respondents/export-link',
      headers: user,
      payload: exportBody(),
    });
    expect(link.statusCode).toBe(413);
    expect(link.json()).toMatchObject({ code: 'pdf_export_too_large' });
  });

  it('exports a GeoJSON FeatureCollection (RFC 7946): a Point per located asset, answers as properties', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: { ...user, language: 'en' },
      payload: exportBody({ exportType: 'GEOJSON' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="monumente-\d{4}-\d{2}-\d{2}\.geojson"$/,
    );
    const collection = response.json();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection).not.toHaveProperty('crs');
    // How to cite the dataset: its page on the address the download was asked at, and the day.
    expect(collection.citation).toMatch(
      new RegExp(
        `^Monumente\\. Trashëgimia\\. http://localhost(:\\d+)?/data/${seeded.dataset.id} \\(accessed \\d{1,2} \\w+ \\d{4}\\)\\.$`,
      ),
    );
    // Newest first, as the dataset page lists them; the asset under review is not public.
    expect(collection.features.map((feature: { id: string }) => feature.id)).toEqual([
      seeded.decani.id,
      seeded.kulla.id,
    ]);
    const [decani, kulla] = collection.features;
    expect(decani).toMatchObject({ type: 'Feature', geometry: null });
    expect(kulla).toEqual({
      type: 'Feature',
      id: seeded.kulla.id,
      geometry: { type: 'Point', coordinates: [20.7853, 42.7661] },
      properties: {
        name: 'Kulla e Jasharëve',
        municipality: 'Skënderaj',
        village: 'Prekaz',
        date: '2024-05-03T10:00:00.000Z',
        status: 'Approved',
        riskLevel: 'Low',
        dataset: 'Monumente',
        '1.1 Name of the asset': 'Kulla e Jasharëve',
        '1.2 Municipality': 'Skënderaj (en)',
        '2.1 Building material': 'Gur i latuar (en), Dru (en)',
      },
    });
  });

  it('exports KML 2.2 with a Placemark per asset, its answers as ExtendedData', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: user,
      payload: exportBody({ exportType: 'KML' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.google-earth.kml+xml');
    expect(response.headers['content-disposition']).toMatch(/filename="monumente-\d{4}-\d{2}-\d{2}\.kml"/);
    const kml = response.body;
    expect(kml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<kml xmlns="http:\/\/www\.opengis\.net\/kml\/2\.2">/,
    );
    expect(kml.match(/<Placemark>/g)).toHaveLength(2);
    expect(kml).toContain('<name>Kulla e Jasharëve</name>');
    expect(kml).toContain('<Point><coordinates>20.7853,42.7661</coordinates></Point>');
    expect(kml).toContain('<Data name="2.1 Materiali ndërtimor"><value>Gur i latuar, Dru</value></Data>');
    expect(kml.trimEnd().endsWith('</Document>\n</kml>')).toBe(true);
  });

  it('lists the assets in the order of the list they were chosen from, newest first by default', async () => {
    const orders: Record<string, string>[] = [
      {},
      { sortBy: 'date', sortOrder: 'asc' },
      { sortBy: 'name', sortOrder: 'asc' },
      { sortBy: 'name', sortOrder: 'desc' },
    ];
    for (const order of orders) {
      const list = await app.inject({
        url: '/api/surveys/dataset-respondents',
        query: { datasetId: String(seeded.dataset.id), ...order },
        headers: admin,
      });
      const exported = await app.inject({
        method: 'POST',
        url: '/api/surveys/dataset-respondents/export',
        headers: admin,
        payload: exportBody({ exportType: 'GEOJSON', ...order }),
      });
      const listed = list.json().items.map((item: { id: string }) => item.id);
      expect(listed, JSON.stringify(order)).toHaveLength(3);
      expect(
        exported.json().features.map((feature: { id: string }) => feature.id),
        JSON.stringify(order),
      ).toEqual(listed);
    }
  });

  it('answers 400 naming an order the lists do not offer', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: user,
      payload: exportBody({ exportType: 'CSV', sortBy: 'viewCount' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'sortBy' });
  });

  it('answers 400 naming a bad exportType', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents/export',
      headers: user,
      payload: exportBody({ exportType: 'XLS' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'exportType' });
  });
});
