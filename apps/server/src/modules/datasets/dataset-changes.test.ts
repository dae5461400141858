import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, datasets, surveys } from '../../db/schema/index';
import { createAsset, createDataset, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

let database: DatabaseHandle;
let app: App;
let admin: Record<string, string>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startTestApp(database);
  admin = await asAdmin(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers: admin, ...(payload && { payload }) });

describe('POST /api/datasets', () => {
  it('creates an active, black dataset from just a name, and records who did it', async () => {
    const created = await send('POST', '/api/datasets', { name: 'Peizazhe kulturore' });
    expect(created.statusCode).toBe(201);
    const dataset = created.json();
    expect(dataset).toMatchObject({
      name: 'Peizazhe kulturore',
      pillColor: '#000000',
      isActive: true,
      descriptionXk: null,
      stats: { totalResponses: 0, totalSurveys: 0, activeSurveys: 0, totalQuestions: 0 },
    });
    expect((await app.inject({ url: `/api/datasets/${dataset.id}` })).statusCode).toBe(200);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'dataset'), eq(auditLog.subjectId, String(dataset.id))));
    expect(entry).toMatchObject({ action: 'dataset.create' });
  });

  it('keeps the three descriptions and answers in the language asked', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/datasets',
      headers: { ...admin, language: 'en' },
      payload: {
        name: 'Monumente',
        descriptionXk: 'Ndërtime historike',
        descriptionEn: 'Historic buildings',
        descriptionSr: 'Istorijske građevine',
        pillColor: '#1A7F5A',
        isActive: false,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      description: 'Historic buildings',
      descriptionSr: 'Istorijske građevine',
      pillColor: '#1A7F5A',
      isActive: false,
    });
  });

  it('refuses a missing name and a colour that is not hex with 400 naming the field, writing nothing', async () => {
    const before = (await database.db.select().from(datasets)).length;
    for (const [payload, field] of [
      [{ name: '   ' }, 'name'],
      [{}, 'nameXk'],
      [{ name: 'Ngjyra', pillColor: 'green' }, 'pillColor'],
      [{ name: 'Ngjyra', pillColor: '#12345' }, 'pillColor'],
    ] as const) {
      const response = await send('POST', '/api/datasets', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect(await database.db.select().from(datasets)).toHaveLength(before);
  });
});

describe('PATCH /api/datasets/:id', () => {
  it('changes only the fields sent, and deactivating hides the dataset from the public', async () => {
    const dataset = await createDataset(database.db, { name: 'Ura', pillColor: '#ff0000' });
    const changed = await send('PATCH', `/api/datasets/${dataset.id}`, { isActive: false, descriptionEn: null });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: dataset.id,
      name: 'Ura',
      pillColor: '#ff0000',
      isActive: false,
      descriptionEn: null,
      descriptionXk: dataset.descriptionXk,
    });
    expect((await app.inject({ url: `/api/datasets/${dataset.id}` })).statusCode).toBe(404);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dataset.update'), eq(auditLog.subjectId, String(dataset.id))));
    expect(entry).toMatchObject({
      before: expect.objectContaining({ isActive: true }),
      after: expect.objectContaining({ isActive: false }),
    });
  });

  it('refuses to clear the name or set a bad colour (400), and answers 404 for an unknown dataset', async () => {
    const dataset = await createDataset(database.db);
    const noName = await send('PATCH', `/api/datasets/${dataset.id}`, { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().field).toBe('name');
    const badColour = await send('PATCH', `/api/datasets/${dataset.id}`, { pillColor: '#zzzzzz' });
    expect(badColour.json().field).toBe('pillColor');
    expect((await send('PATCH', '/api/datasets/987654', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/datasets/:id', () => {
  it('deletes a dataset without assets, leaving surveys that defaulted to it without a default', async () => {
    const dataset = await createDataset(database.db);
    const survey = await createSurvey(database.db, { defaultDatasetId: dataset.id });
    const response = await send('DELETE', `/api/datasets/${dataset.id}`);
    expect(response.statusCode).toBe(204);
    expect(await database.db.select().from(datasets).where(eq(datasets.id, dataset.id))).toHaveLength(0);
    const [after] = await database.db.select().from(surveys).where(eq(surveys.id, survey.id));
    expect(after!.defaultDatasetId).toBeNull();
  });

  it('refuses with 409 to delete a dataset that has assets, which can be deactivated instead', async () => {
    const dataset = await createDataset(database.db);
    await createAsset(database.db, {
      surveyId: (await createSurvey(database.db)).id,
      datasetId: dataset.id,
      status: 'REJECTED',
    });
    const refused = await send('DELETE', `/api/datasets/${dataset.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('dataset_has_assets');
    expect(await database.db.select().from(datasets).where(eq(datasets.id, dataset.id))).toHaveLength(1);
    expect((await send('PATCH', `/api/datasets/${dataset.id}`, { isActive: false })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown dataset and 400 naming id for a malformed one', async () => {
    expect((await send('DELETE', '/api/datasets/987654')).statusCode).toBe(404);
    const malformed = await send('DELETE', '/api/datasets/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('id');
  });
});

describe('changing datasets', () => {
  it('is refused to anonymous visitors (401), guests and users (403), before reading what they sent', async () => {
    const dataset = await createDataset(database.db, { name: 'E paprekur' });
    const calls = [
      { method: 'POST', url: '/api/datasets', payload: { name: 'Nga jashtë' } },
      { method: 'PATCH', url: `/api/datasets/${dataset.id}`, payload: { name: 'Ndryshuar' } },
      { method: 'DELETE', url: `/api/datasets/${dataset.id}` },
      { method: 'POST', url: '/api/datasets', payload: { pillColor: 'not-a-colour' } },
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
    const [unchanged] = await database.db.select().from(datasets).where(eq(datasets.id, dataset.id));
    expect(unchanged!.name).toBe('E paprekur');
    expect(await database.db.select().from(datasets).where(eq(datasets.name, 'Nga jashtë'))).toHaveLength(0);
  });
});
