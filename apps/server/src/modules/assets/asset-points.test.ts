import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { AssetPoints } from '@trashegimia/contract/assets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { assets, datasets } from '../../db/schema/index';
import { createAsset, createDataset, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The columns read back as one object per asset, as the map uses them. */
const pointRows = ({ points }: AssetPoints) =>
  points.id.map((id, i) => ({
    id,
    lat: points.lat[i],
    lng: points.lng[i],
    name: points.name[i],
    municipality: points.municipality[i],
    village: points.village[i],
    date: points.date[i],
    risk: points.risk[i],
    riskLevel: points.riskLevel[i],
  }));

const points = async (query: string, headers?: Record<string, string>) => {
  const response = await app.inject({ url: `/api/surveys/assets/points?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  // The database writes this JSON and the serializer does not check it: it must still be what the
  // contract says, with every column as long as the others.
  const body = AssetPoints.parse(response.json());
  expect(new Set(Object.values(body.points).map((column) => column.length)).size).toBe(1);
  return { ...body, items: pointRows(body) };
};

const sortedIds = (ids: string[]) => [...ids].sort();

/** A dataset with assets at Prizren, Pejë and Gjakovë, of each risk level, plus one without a risk. */
async function mappedDataset() {
  const db = database.db;
  const dataset = await createDataset(db);
  const survey = await createSurvey(db);
  const make = (fields: Partial<Parameters<typeof createAsset>[1]>) =>
    createAsset(db, { surveyId: survey.id, datasetId: dataset.id, ...fields });
  const lidhja = await make({
    name: 'Lidhja e Prizrenit',
    municipality: 'Prizren',
    latitude: 42.2139,
    longitude: 20.7397,
    risk: '1',
    riskLevel: 'high',
    date: new Date('2024-03-01T10:00:00Z'),
  });
  const patrikana = await make({
    name: 'Patrikana e Pejës',
    municipality: 'Pejë',
    village: 'Pejë',
    latitude: 42.6606,
    longitude: 20.2653,
    risk: '2',
    riskLevel: 'medium',
    date: new Date('2024-02-01T10:00:00Z'),
  });
  const ura = await make({
    name: 'Ura e Terzive',
    municipality: 'Gjakovë',
    latitude: 42.4172,
    longitude: 20.4822,
    risk: '3',
    riskLevel: 'low',
    date: new Date('2024-01-01T10:00:00Z'),
  });
  const unassessed = await make({
    name: 'Kulla pa vlerësim',
    latitude: 42.38,
    longitude: 20.43,
    date: new Date('2023-12-01T10:00:00Z'),
  });
  return { dataset, survey, assets: { lidhja, patrikana, ura, unassessed } };
}

/** A mapped asset of the dataset that the public does not see yet. */
const awaitingReview = (datasetId: number, surveyId: number) =>
  createAsset(database.db, { surveyId, datasetId, status: 'UPLOADED', latitude: 42.6, longitude: 21.1 });

describe('GET /api/surveys/assets/points', () => {
  it("gives every mapped asset of the dataset with what the map's popup shows, newest first", async () => {
    const { dataset, assets } = await mappedDataset();
    const body = await points(`datasetId=${dataset.id}`);
    expect(body.meta).toEqual({ totalItems: 4, truncated: false });
    expect(body.items.slice(0, 3).map((item) => item.id)).toEqual([
      assets.lidhja.id,
      assets.patrikana.id,
      assets.ura.id,
    ]);
    expect(body.datasetId).toBe(dataset.id);
    expect(body.items[0]).toEqual({
      id: assets.lidhja.id,
      lat: 42.2139,
      lng: 20.7397,
      name: 'Lidhja e Prizrenit',
      municipality: 'Prizren',
      village: null,
      date: '2024-03-01T10:00:00.000Z',
      risk: '1',
      riskLevel: 'high',
    });
    // An asset without a recorded risk says so, so the map can draw it in the dataset's colour.
    expect(body.items.find((item) => item.id === assets.unassessed.id)).toMatchObject({
      risk: null,
      riskLevel: 'low',
    });
  });

  it('skips assets whose coordinates are missing or not numbers', async () => {
    const { dataset, survey, assets } = await mappedDataset();
    const make = (latitude: number | null, longitude: number | null) =>
      createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id, latitude, longitude });
    await make(null, null);
    await make(42.5, null);
    await make(Number.NaN, 21);
    await make(42.5, Number.POSITIVE_INFINITY);
    await make(123, 21);
    const body = await points(`datasetId=${dataset.id}`);
    expect(sortedIds(body.points.id)).toEqual(sortedIds(Object.values(assets).map((asset) => asset.id)));
    expect(body.meta.totalItems).toBe(4);
  });

  it('shows a stored risk level it does not know as low, and among the low ones, as every other call does', async () => {
    const { dataset, assets: mapped } = await mappedDataset();
    await database.db.update(assets).set({ riskLevel: 'extreme' }).where(eq(assets.id, mapped.lidhja.id));
    const body = await points(`datasetId=${dataset.id}`);
    expect(body.items.find((item) => item.id === mapped.lidhja.id)?.riskLevel).toBe('low');
    for (const headers of [undefined, await asAdmin(database.db)]) {
      const low = await points(`datasetId=${dataset.id}&riskLevel=low`, headers);
      expect(low.items.map((item) => item.id)).toContain(mapped.lidhja.id);
      expect((await points(`datasetId=${dataset.id}&riskLevel=high`, headers)).items).toEqual([]);
    }
  });

  it('narrows by risk level and by text over name, municipality and village, ignoring accents', async () => {
    const { dataset, assets } = await mappedDataset();
    const ids = async (query: string) => (await points(`datasetId=${dataset.id}&${query}`)).items.map((i) => i.id);
    expect(await ids('riskLevel=high')).toEqual([assets.lidhja.id]);
    expect(await ids('riskLevel=medium')).toEqual([assets.patrikana.id]);
    // Unrecognised or missing risk counts as low (spec §4).
    expect((await ids('riskLevel=low')).sort()).toEqual([assets.ura.id, assets.unassessed.id].sort());
    expect(await ids(`search=${encodeURIComponent('  PEJES ')}`)).toEqual([assets.patrikana.id]);
    expect(await ids('search=gjakove&riskLevel=low')).toEqual([assets.ura.id]);
    expect(await ids('search=gjakove&riskLevel=high')).toEqual([]);
  });

  it('shows the public approved assets of active datasets only, and administrators everything', async () => {
    const db = database.db;
    const { dataset, survey } = await mappedDataset();
    const pending = await awaitingReview(dataset.id, survey.id);
    for (const headers of [undefined, await asGuest()]) {
      const body = await points(`datasetId=${dataset.id}`, headers);
      expect(body.meta.totalItems).toBe(4);
      expect(body.items.map((item) => item.id)).not.toContain(pending.id);
    }
    expect((await points(`datasetId=${dataset.id}`, await asAdmin(db))).items.map((i) => i.id)).toContain(pending.id);

    const inactive = await createDataset(db, { isActive: false });
    await createAsset(db, { surveyId: survey.id, datasetId: inactive.id, latitude: 42.6, longitude: 21.1 });
    expect((await points(`datasetId=${inactive.id}`)).items).toEqual([]);
    expect((await points(`datasetId=${inactive.id}`, await asAdmin(db))).items).toHaveLength(1);
    const unknown = await points('datasetId=987654');
    expect(unknown.items).toEqual([]);
    expect(unknown.meta).toEqual({ totalItems: 0, truncated: false });
  });

  it("shows a review, a moved asset and a dataset taken offline at once, though a dataset's map is kept", async () => {
    const db = database.db;
    const { dataset, survey, assets: mapped } = await mappedDataset();
    const pending = await awaitingReview(dataset.id, survey.id);
    const query = `datasetId=${dataset.id}`;
    const response = await app.inject({ url: `/api/surveys/assets/points?${query}` });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await points(query)).items).toHaveLength(4);

    await db.update(assets).set({ status: 'APPROVED' }).where(eq(assets.id, pending.id));
    expect((await points(query)).items.map((item) => item.id)).toContain(pending.id);

    await db.update(assets).set({ latitude: 42.25 }).where(eq(assets.id, mapped.lidhja.id));
    expect((await points(query)).items.find((item) => item.id === mapped.lidhja.id)?.lat).toBe(42.25);

    await db.update(datasets).set({ isActive: false }).where(eq(datasets.id, dataset.id));
    expect((await points(query)).items).toEqual([]);
  });

  it("tells an administrator how many of the map's points the public does not see", async () => {
    const db = database.db;
    const { dataset, survey } = await mappedDataset();
    await awaitingReview(dataset.id, survey.id);
    expect((await points(`datasetId=${dataset.id}`, await asAdmin(db))).meta).toEqual({
      totalItems: 5,
      truncated: false,
      notPublic: 1,
    });
    expect((await points(`datasetId=${dataset.id}&riskLevel=high`, await asAdmin(db))).meta.notPublic).toBe(0);
    expect((await points(`datasetId=${dataset.id}`)).meta).toEqual({ totalItems: 4, truncated: false });
  });

  it('narrows by the days of the date range and by the box of a map view, for everyone', async () => {
    const { dataset, assets } = await mappedDataset();
    for (const headers of [undefined, await asAdmin(database.db)]) {
      const ids = async (query: string) =>
        (await points(`datasetId=${dataset.id}&${query}`, headers)).items.map((i) => i.id);
      expect(await ids('dateFrom=2024-01-01&dateTo=2024-02-01')).toEqual([assets.patrikana.id, assets.ura.id]);
      expect(await ids('dateFrom=2024-02-02')).toEqual([assets.lidhja.id]);
      // Around Prizren and Gjakovë, not Pejë.
      expect(await ids('latMin=42.1&latMax=42.5&lngMin=20.4&lngMax=20.8')).toEqual([
        assets.lidhja.id,
        assets.ura.id,
        assets.unassessed.id,
      ]);
      expect(await ids('latMin=42.1&latMax=42.5&lngMin=20.4&lngMax=20.8&dateTo=2024-01-31')).toEqual([
        assets.ura.id,
        assets.unassessed.id,
      ]);
    }
    // The whole map, kept for every visitor, is not the narrowed one.
    expect((await points(`datasetId=${dataset.id}`)).items).toHaveLength(4);
  });

  it('stops at the limit, newest first, and says how many match in all', async () => {
    const { dataset, assets } = await mappedDataset();
    const body = await points(`datasetId=${dataset.id}&limit=2`);
    expect(body.items.map((item) => item.id)).toEqual([assets.lidhja.id, assets.patrikana.id]);
    expect(body.meta).toEqual({ totalItems: 4, truncated: true });
    expect((await points(`datasetId=${dataset.id}&limit=4`)).meta).toEqual({ totalItems: 4, truncated: false });
    // Above the cap is served as the cap rather than refused, as list limits are.
    expect((await points(`datasetId=${dataset.id}&limit=50000`)).meta.totalItems).toBe(4);
  });

  it('sends the points compressed to a browser that accepts it', async () => {
    const { dataset, survey } = await mappedDataset();
    // Enough points to pass the size below which compressing is not worth it (1 KB).
    for (let i = 0; i < 10; i++) {
      await createAsset(database.db, {
        surveyId: survey.id,
        datasetId: dataset.id,
        name: `Mulliri ${i}`,
        latitude: 42 + i / 100,
        longitude: 21,
      });
    }
    const url = `/api/surveys/assets/points?datasetId=${dataset.id}`;
    const plain = await app.inject({ url });
    const compressed = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers bad input with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['', 'datasetId'],
      ['datasetId=abc', 'datasetId'],
      ['datasetId=1&riskLevel=extreme', 'riskLevel'],
      ['datasetId=1&limit=0', 'limit'],
      [`datasetId=1&search=${'a'.repeat(201)}`, 'search'],
      ['datasetId=1&dateFrom=2024-02-30', 'dateFrom'],
      ['datasetId=1&dateTo=last-week', 'dateTo'],
      ['datasetId=1&dateFrom=2024-05-02&dateTo=2024-05-01', 'dateTo'],
      ['datasetId=1&latMin=-91', 'latMin'],
      ['datasetId=1&lngMax=east', 'lngMax'],
      ['datasetId=1&latMin=43&latMax=42', 'latMax'],
      ['datasetId=1&lngMin=21&lngMax=20', 'lngMax'],
    ] as const) {
      const response = await app.inject({ url: `/api/surveys/assets/points?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});
