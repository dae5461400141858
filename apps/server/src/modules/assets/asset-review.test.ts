import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetDetail, AssetHistory, BulkAssetStatusResult } from '@trashegimia/contract/assets';
import { ROLE } from '@trashegimia/contract/common';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { assets as assetsTable, auditLog } from '../../db/schema/index';
import {
  createAsset,
  createDataset,
  createOption,
  createQuestion,
  createSurvey,
  createUser,
} from '../../test/factories';
import { startTestApp, testConfig } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';
import { TokenService } from '../auth';

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

const send = (method: 'GET' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method, url: `/api${url}`, payload: payload as object, headers });

/** A survey shaped like the demo's: identifier questions, a multiple choice and a conditional option. */
async function makeSurvey() {
  const db = database.db;
  const survey = await createSurvey(db);
  const dataset = await createDataset(db);
  const chapter = await createQuestion(db, survey.id, { questionCategory: 'CHAPTER', questionType: null });
  const name = await createQuestion(db, survey.id, {
    questionType: 'TEXT',
    questionIdentifier: 'ASSET_NAME',
    titleEn: 'Asset name',
  });
  const municipality = await createQuestion(db, survey.id, {
    questionIdentifier: 'MUNICIPALITY_NAME',
    titleEn: 'Municipality',
  });
  const prizren = await createOption(db, municipality.id, { value: 'Prizren' });
  const peja = await createOption(db, municipality.id, { value: 'Pejë' });
  const materials = await createQuestion(db, survey.id, { questionType: 'MULTIPLE_CHOICE', titleEn: 'Materials' });
  const stone = await createOption(db, materials.id, { value: 'gur', descriptionEn: 'Stone' });
  const wood = await createOption(db, materials.id, { value: 'dru', descriptionEn: 'Wood' });
  const brick = await createOption(db, materials.id, { value: 'tulla', descriptionEn: 'Brick' });
  const risk = await createQuestion(db, survey.id, { questionIdentifier: 'RISK_LEVEL', titleEn: 'Risk level' });
  const high = await createOption(db, risk.id, { value: '1', descriptionEn: 'High' });
  const low = await createOption(db, risk.id, { value: '3', descriptionEn: 'Low' });
  const building = await createQuestion(db, survey.id, { titleEn: 'Building type' });
  const house = await createOption(db, building.id, { value: 'shtëpi' });
  // Offered only when the municipality is Prizren.
  const tower = await createOption(db, building.id, {
    value: 'kullë',
    conditionalParentQuestionId: municipality.id,
    conditionalParentQuestionValue: 'Prizren',
  });
  const asset = await createAsset(db, {
    surveyId: survey.id,
    datasetId: dataset.id,
    status: 'UPLOADED',
    name: 'Kulla e vjetër',
    municipality: 'Pejë',
    risk: '3',
    riskLevel: 'low',
    answers: [
      { questionId: name.id, value: 'Kulla e vjetër' },
      { questionId: municipality.id, optionId: peja.id, value: 'Pejë' },
      { questionId: materials.id, optionId: stone.id, value: 'gur' },
      { questionId: risk.id, optionId: low.id, value: '3' },
      { questionId: building.id, optionId: house.id, value: 'shtëpi' },
    ],
  });
  return {
    survey,
    dataset,
    asset,
    q: { chapter, name, municipality, materials, risk, building },
    o: { prizren, peja, stone, wood, brick, high, low, house, tower },
  };
}

const detailOf = async (id: string) => (await send('GET', `/surveys/assets/${id}`)).json<AssetDetail>();
const rowOf = async (id: string) => (await database.db.select().from(assetsTable).where(eq(assetsTable.id, id)))[0]!;

describe('who may review and edit', () => {
  it('refuses every review call to anonymous visitors (401), guests and users (403)', async () => {
    const { asset } = await makeSurvey();
    const calls: [method: 'GET' | 'PATCH', url: string, body?: unknown][] = [
      ['PATCH', `/surveys/assets/${asset.id}`, { version: 1, comments: 'x' }],
      ['PATCH', `/surveys/assets/${asset.id}/status`, { status: 'APPROVED' }],
      ['PATCH', '/surveys/assets/status', { ids: [asset.id], status: 'APPROVED' }],
      ['GET', `/surveys/assets/${asset.id}/history`],
    ];
    const user = await asUser(database.db);
    const guest = await asGuest();
    for (const [method, url, body] of calls) {
      expect((await send(method, url, body, {})).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await send(method, url, body, guest)).statusCode, `${method} ${url} guest`).toBe(403);
      expect((await send(method, url, body, user)).statusCode, `${method} ${url} user`).toBe(403);
    }
    const row = await rowOf(asset.id);
    expect([row.status, row.comments, row.version]).toEqual(['UPLOADED', null, 1]);
  });

  it('shows the version an edit must name to administrators only', async () => {
    const { asset } = await makeSurvey();
    await send('PATCH', `/surveys/assets/${asset.id}/status`, { status: 'APPROVED' });
    expect((await detailOf(asset.id)).version).toBe(1);
    const publicDetail = (await send('GET', `/surveys/assets/${asset.id}`, undefined, {})).json<AssetDetail>();
    expect(publicDetail.version).toBeUndefined();
  });
});

describe('PATCH /surveys/assets/{id}', () => {
  it('saves comments, dataset and answers, and the asset columns follow the identified answers', async () => {
    const { asset, q, o } = await makeSurvey();
    const otherDataset = await createDataset(database.db);
    const response = await send('PATCH', `/surveys/assets/${asset.id}`, {
      version: 1,
      comments: 'Restored roof',
      datasetId: otherDataset.id,
      answers: [
        { questionId: q.name.id, value: 'Kulla e Jasharëve' },
        { questionId: q.municipality.id, value: 'Prizren' },
        { questionId: q.materials.id, value: 'dru,tulla' },
        { questionId: q.risk.id, value: '1' },
        { questionId: q.building.id, value: 'kullë' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AssetDetail>();
    expect(detail).toMatchObject({
      version: 2,
      comments: 'Restored roof',
      datasetId: otherDataset.id,
      name: 'Kulla e Jasharëve',
      municipality: 'Prizren',
      risk: '1',
      riskLevel: 'high',
    });
    const answered = (questionId: number) =>
      detail.answers.filter((answer) => answer.questionId === questionId).map((a) => [a.optionId, a.value]);
    expect(answered(q.materials.id)).toEqual([
      [o.wood.id, 'dru'],
      [o.brick.id, 'tulla'],
    ]);
    expect(answered(q.building.id)).toEqual([[o.tower.id, 'kullë']]);
    // Filters find the asset by its new choices, not by the old ones.
    const row = await rowOf(asset.id);
    expect(row.optionIds).toEqual(expect.arrayContaining([o.prizren.id, o.wood.id, o.brick.id, o.high.id]));
    expect(row.optionIds).not.toContain(o.stone.id);
  });

  it('leaves what the edit does not name as it was, and a blank answer clears its question', async () => {
    const { asset, q } = await makeSurvey();
    const response = await send('PATCH', `/surveys/assets/${asset.id}`, {
      version: 1,
      answers: [{ questionId: q.name.id, value: '  ' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AssetDetail>();
    expect(detail.name).toBeNull();
    expect(detail.answers.some((answer) => answer.questionId === q.name.id)).toBe(false);
    expect(detail.municipality).toBe('Pejë');
    expect(detail.answers.filter((answer) => answer.questionId === q.materials.id)).toHaveLength(1);
  });

  it('refuses answers that do not fit the survey with a 400 naming the answer, and writes nothing', async () => {
    const { asset, q } = await makeSurvey();
    const foreign = await createQuestion(database.db, (await createSurvey(database.db)).id, { questionType: 'TEXT' });
    const cases: [answers: unknown[], field: string, message: RegExp][] = [
      [[{ questionId: foreign.id, value: 'x' }], 'answers.0.questionId', /not a question of this asset's survey/],
      [[{ questionId: q.chapter.id, value: 'x' }], 'answers.0.questionId', /takes no answer/],
      [
        [
          { questionId: q.name.id, value: 'a' },
          { questionId: q.municipality.id, value: 'Ferizaj' },
        ],
        'answers.1.value',
        /"Ferizaj" is not an option of question/,
      ],
      [[{ questionId: q.materials.id, value: 'gur,beton' }], 'answers.0.value', /"beton" is not an option/],
      // The tower is offered only in Prizren, and the stored municipality is Pejë.
      [
        [{ questionId: q.building.id, value: 'kullë' }],
        'answers.0.value',
        new RegExp(`applies only when question ${q.municipality.questionNr} is answered "Prizren"`),
      ],
      [
        [
          { questionId: q.name.id, value: 'a' },
          { questionId: q.name.id, value: 'b' },
        ],
        'answers.1.questionId',
        /answered twice/,
      ],
    ];
    for (const [answers, field, message] of cases) {
      const response = await send('PATCH', `/surveys/assets/${asset.id}`, { version: 1, comments: 'no', answers });
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
      expect(response.json()).toMatchObject({ field });
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const missingDataset = await send('PATCH', `/surveys/assets/${asset.id}`, { version: 1, datasetId: 999_999 });
    expect([missingDataset.statusCode, missingDataset.json().field]).toEqual([400, 'datasetId']);
    const noVersion = await send('PATCH', `/surveys/assets/${asset.id}`, { comments: 'x' });
    expect([noVersion.statusCode, noVersion.json().field]).toEqual([400, 'version']);

    const row = await rowOf(asset.id);
    expect([row.version, row.comments, row.name]).toEqual([1, null, 'Kulla e vjetër']);
  });

  it('refuses clearing a required answer and a NUMBER or DATE answer the question cannot take, naming the question', async () => {
    const { survey, asset } = await makeSurvey();
    const db = database.db;
    const year = await createQuestion(db, survey.id, { questionType: 'NUMBER', limMax: '2026', required: true });
    const visited = await createQuestion(db, survey.id, { questionType: 'DATE' });
    const cases: [answers: unknown[], code: string, message: RegExp][] = [
      [
        [{ questionId: year.id, value: '' }],
        'required_question',
        new RegExp(`^Question ${year.questionNr} must be answered$`),
      ],
      [[{ questionId: year.id, value: '2100' }], 'outside_limits', /takes a number from … to 2026/],
      [[{ questionId: year.id, value: 'vjetër' }], 'invalid_answer', /takes a number/],
      [[{ questionId: visited.id, value: '31.05.2024' }], 'invalid_answer', /takes a date such as 2024-05-31/],
    ];
    for (const [answers, code, message] of cases) {
      const response = await send('PATCH', `/surveys/assets/${asset.id}`, { version: 1, answers });
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
      expect(response.json()).toMatchObject({ code, field: 'answers.0.value' });
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const saved = await send('PATCH', `/surveys/assets/${asset.id}`, {
      version: 1,
      answers: [
        { questionId: year.id, value: '1890,5' },
        { questionId: visited.id, value: '2024-05-31' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('rejects a save from a stale version with 409 and keeps the earlier save', async () => {
    const { asset, q } = await makeSurvey();
    const first = await send('PATCH', `/surveys/assets/${asset.id}`, {
      version: 1,
      comments: 'First admin',
      answers: [{ questionId: q.name.id, value: 'Named by the first' }],
    });
    expect(first.statusCode).toBe(200);
    const second = await send('PATCH', `/surveys/assets/${asset.id}`, { version: 1, comments: 'Second admin' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'asset_version_conflict', field: 'version' });
    expect(second.json<{ message: string }>().message).toMatch(/Someone else saved this asset/);
    const detail = await detailOf(asset.id);
    expect([detail.comments, detail.name, detail.version]).toEqual(['First admin', 'Named by the first', 2]);
  });

  it('lets only one of two simultaneous saves of the same version through', async () => {
    const { asset } = await makeSurvey();
    const [a, b] = await Promise.all([
      send('PATCH', `/surveys/assets/${asset.id}`, { version: 1, comments: 'A' }),
      send('PATCH', `/surveys/assets/${asset.id}`, { version: 1, comments: 'B' }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const winner = a!.statusCode === 200 ? 'A' : 'B';
    expect((await rowOf(asset.id)).comments).toBe(winner);
  });

  it('answers 404 for an asset that does not exist', async () => {
    const response = await send('PATCH', '/surveys/assets/00000000-0000-4000-8000-000000000000', { version: 1 });
    expect(response.statusCode).toBe(404);
  });
});

describe('PATCH /surveys/assets/{id}/status', () => {
  it('approves with a note, keeps the note when none is sent, and refuses an unknown status', async () => {
    const { asset } = await makeSurvey();
    const approved = await send('PATCH', `/surveys/assets/${asset.id}/status`, {
      status: 'APPROVED',
      adminNote: 'Checked on site',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', adminNote: 'Checked on site' });
    const rejected = await send('PATCH', `/surveys/assets/${asset.id}/status`, { status: 'REJECTED' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', adminNote: 'Checked on site' });

    const bad = await send('PATCH', `/surveys/assets/${asset.id}/status`, { status: 'DONE' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'status']);
    expect((await rowOf(asset.id)).status).toBe('REJECTED');
    const missing = await send('PATCH', '/surveys/assets/00000000-0000-4000-8000-000000000000/status', {
      status: 'APPROVED',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('does not make an open editor stale: a review is not an edit', async () => {
    const { asset } = await makeSurvey();
    await send('PATCH', `/surveys/assets/${asset.id}/status`, { status: 'APPROVED' });
    const saved = await send('PATCH', `/surveys/assets/${asset.id}`, { version: 1, comments: 'still mine' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'APPROVED', comments: 'still mine' });
  });
});

describe('PATCH /surveys/assets/status (bulk review)', () => {
  const bulk = (body: unknown) => send('PATCH', '/surveys/assets/status', body);

  it('changes the named assets with one note, reports missing ids, and audits each asset', async () => {
    const { survey, dataset } = await makeSurvey();
    const made = await Promise.all(
      [1, 2, 3].map(() => createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id, status: 'UPLOADED' })),
    );
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const response = await bulk({
      ids: [...made.map((a) => a.id), missing],
      status: 'APPROVED',
      adminNote: 'Batch checked',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkAssetStatusResult>()).toEqual({ updated: 3, matched: 3, missingIds: [missing] });
    for (const asset of made) {
      const row = await rowOf(asset.id);
      expect([row.status, row.adminNote]).toEqual(['APPROVED', 'Batch checked']);
      const entries = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, asset.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'asset.status',
        actorName: expect.any(String),
        before: { status: 'UPLOADED', adminNote: null },
        after: { status: 'APPROVED', adminNote: 'Batch checked' },
      });
    }
  });

  it('changes every asset that matches the filters and no other', async () => {
    const { survey } = await makeSurvey();
    const dataset = await createDataset(database.db);
    const make = (status: string, municipality: string) =>
      createAsset(database.db, { surveyId: survey.id, datasetId: dataset.id, status, municipality });
    const uploadedInPrizren = await Promise.all([make('UPLOADED', 'Prizren'), make('UPLOADED', 'Prizren')]);
    const approvedInPrizren = await make('APPROVED', 'Prizren');
    const uploadedInPeja = await make('UPLOADED', 'Pejë');
    const response = await bulk({
      filter: { datasetId: dataset.id, status: 'UPLOADED', municipality: 'prizren' },
      status: 'REJECTED',
      adminNote: 'Duplicates',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkAssetStatusResult>()).toEqual({ updated: 2, matched: 2, missingIds: [] });
    for (const asset of uploadedInPrizren) expect((await rowOf(asset.id)).status).toBe('REJECTED');
    expect((await rowOf(approvedInPrizren.id)).status).toBe('APPROVED');
    expect((await rowOf(uploadedInPeja.id)).status).toBe('UPLOADED');
  });

  it('refuses a bad status, both or neither target, and more ids than allowed, changing nothing', async () => {
    const { asset } = await makeSurvey();
    const cases: [body: unknown, field: string][] = [
      [{ ids: [asset.id], status: 'OK' }, 'status'],
      [{ ids: [asset.id], filter: {}, status: 'APPROVED' }, 'ids'],
      [{ status: 'APPROVED' }, 'ids'],
      [{ ids: ['not-a-uuid'], status: 'APPROVED' }, 'ids.0'],
      [{ ids: Array.from({ length: 10_001 }, () => asset.id), status: 'APPROVED' }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const response = await bulk(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect((await rowOf(asset.id)).status).toBe('UPLOADED');
  });
});

describe('GET /surveys/assets/{id}/history', () => {
  it('lists who changed what, from what to what, newest first, in the request language', async () => {
    const reviewer = await createUser(database.db, { role: ROLE.ADMIN, userName: 'reviewer-ana' });
    const headers = {
      authorization: `Bearer ${await new TokenService(testConfig().auth.jwtSecret, 3600).sign({ guest: false, userId: reviewer.id, role: ROLE.ADMIN })}`,
    };
    const { asset, q } = await makeSurvey();
    const edit = await send(
      'PATCH',
      `/surveys/assets/${asset.id}`,
      {
        version: 1,
        comments: 'Measured',
        answers: [
          { questionId: q.materials.id, value: 'dru,tulla' },
          { questionId: q.risk.id, value: '1' },
        ],
      },
      headers,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await send('PATCH', `/surveys/assets/${asset.id}/status`, { status: 'APPROVED', adminNote: 'Fine' }, headers);

    const response = await app.inject({
      method: 'GET',
      url: `/api/surveys/assets/${asset.id}/history`,
      headers: { ...admin, language: 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<AssetHistory>();
    expect(history.meta.totalItems).toBe(2);
    const [status, change] = history.items;
    expect(status).toMatchObject({
      action: 'status',
      actorId: reviewer.id,
      actorName: 'reviewer-ana',
      changes: [
        { field: 'status', before: 'UPLOADED', after: 'APPROVED' },
        { field: 'adminNote', before: null, after: 'Fine' },
      ],
    });
    expect(change).toMatchObject({ action: 'edit', actorName: 'reviewer-ana' });
    expect(change!.changes).toEqual([
      { field: 'comments', questionId: null, questionNr: null, label: null, before: null, after: 'Measured' },
      {
        field: 'answer',
        questionId: q.materials.id,
        questionNr: q.materials.questionNr,
        label: 'Materials',
        before: 'Stone',
        after: 'Wood, Brick',
      },
      {
        field: 'answer',
        questionId: q.risk.id,
        questionNr: q.risk.questionNr,
        label: 'Risk level',
        before: 'Low',
        after: 'High',
      },
    ]);
    expect(Date.parse(status!.at)).toBeGreaterThanOrEqual(Date.parse(change!.at));
  });

  it('answers 404 for an unknown asset', async () => {
    const response = await send('GET', '/surveys/assets/00000000-0000-4000-8000-000000000000/history');
    expect(response.statusCode).toBe(404);
  });
});
