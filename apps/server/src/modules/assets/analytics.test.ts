import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { startTestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { asAdmin, asGuest, asUser } from '../../test/tokens';

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

/**
 * A dataset with a municipality question and a materials question (multiple choice), and six
 * approved assets:
 *   kulla   Pejë     Kullë  high    Gur + Dru
 *   ura     Prizren  Urë    medium  Gur
 *   hamami  Pejë     Hamam  low     Tullë
 *   mulli   Gjakovë  Mulli  high    Dru
 *   kulla2  Pejë     Kullë  high    Gur
 *   pa emër (no municipality, a blank type)  low  Gur
 */
async function analyticsDataset() {
  const db = database.db;
  const dataset = await createDataset(db);
  const survey = await createSurvey(db);
  const municipality = await createQuestion(db, survey.id, {
    questionType: 'DROPDOWN',
    questionIdentifier: 'MUNICIPALITY_NAME',
  });
  const [peje, prizren, gjakove] = await Promise.all(
    ['Pejë', 'Prizren', 'Gjakovë'].map((value, i) => createOption(db, municipality.id, { value, optionOrder: i })),
  );
  const materials = await createQuestion(db, survey.id, { questionType: 'MULTIPLE_CHOICE' });
  const [gur, dru, tulle] = await Promise.all(
    ['Gur', 'Dru', 'Tullë'].map((value, i) => createOption(db, materials.id, { value, optionOrder: i })),
  );
  type Option = typeof peje;
  const asset = (
    where: Option | null,
    assetType: string | null,
    riskLevel: 'high' | 'medium' | 'low',
    chosen: Option[],
    extra: Partial<Parameters<typeof createAsset>[1]> = {},
  ) =>
    createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      municipality: where?.value ?? null,
      assetType,
      riskLevel,
      answers: [
        ...(where ? [{ questionId: municipality.id, optionId: where.id, value: where.value }] : []),
        ...chosen.map((option) => ({ questionId: materials.id, optionId: option!.id, value: option!.value })),
      ],
      ...extra,
    });
  await asset(peje, 'Kullë', 'high', [gur, dru]);
  await asset(prizren, 'Urë', 'medium', [gur]);
  await asset(peje, 'Hamam', 'low', [tulle]);
  await asset(gjakove, 'Mulli', 'high', [dru]);
  await asset(peje, ' Kullë ', 'high', [gur]);
  await asset(null, '  ', 'low', [gur]);
  return {
    dataset,
    survey,
    municipality,
    materials,
    options: { peje: peje!, prizren: prizren!, gjakove: gjakove!, gur: gur!, dru: dru!, tulle: tulle! },
  };
}

const summarize = (payload: Record<string, unknown>, headers?: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/surveys/dataset-respondents/summary', payload, headers });

/** The summary as a logged-in user (role 1) sees it; fails the test unless the call succeeds. */
const summaryFor = async (payload: Record<string, unknown>, headers?: Record<string, string>) => {
  const response = await summarize(payload, headers ?? (await asUser(database.db)));
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('POST /api/surveys/dataset-respondents/summary', () => {
  it('counts every asset of the dataset per municipality, risk level and type, largest first', async () => {
    const { dataset } = await analyticsDataset();
    expect(await summaryFor({ datasetId: dataset.id })).toEqual({
      totalItems: 6,
      // Assets without a municipality, or with a blank type, are counted under null, after the ties.
      byMunicipality: [
        { value: 'Pejë', count: 3 },
        { value: 'Gjakovë', count: 1 },
        { value: 'Prizren', count: 1 },
        { value: null, count: 1 },
      ],
      byRiskLevel: [
        { value: 'high', count: 3 },
        { value: 'low', count: 2 },
        { value: 'medium', count: 1 },
      ],
      // Stored values are compared trimmed: ' Kullë ' is a Kullë.
      byType: [
        { value: 'Kullë', count: 2 },
        { value: 'Hamam', count: 1 },
        { value: 'Mulli', count: 1 },
        { value: 'Urë', count: 1 },
        { value: null, count: 1 },
      ],
    });
  });

  it('counts only the assets the filters match: AND across questions, OR within one', async () => {
    const { dataset, municipality, materials, options } = await analyticsDataset();
    const pejeOrPrizren = { questionId: municipality.id, questionOptionIds: [options.peje.id, options.prizren.id] };

    const either = await summaryFor({ datasetId: dataset.id, filters: [pejeOrPrizren] });
    expect(either.totalItems).toBe(4);
    expect(either.byMunicipality).toEqual([
      { value: 'Pejë', count: 3 },
      { value: 'Prizren', count: 1 },
    ]);

    const withStone = await summaryFor({
      datasetId: dataset.id,
      filters: [pejeOrPrizren, { questionId: materials.id, questionOptionValues: ['Gur'] }],
    });
    expect(withStone).toEqual({
      totalItems: 3,
      byMunicipality: [
        { value: 'Pejë', count: 2 },
        { value: 'Prizren', count: 1 },
      ],
      byRiskLevel: [
        { value: 'high', count: 2 },
        { value: 'medium', count: 1 },
        { value: 'low', count: 0 },
      ],
      byType: [
        { value: 'Kullë', count: 2 },
        { value: 'Urë', count: 1 },
      ],
    });
  });

  it('agrees with the results table: the same total as the analytics filtered lookup', async () => {
    const { dataset, municipality, materials, options } = await analyticsDataset();
    const filters = [
      { questionId: municipality.id, questionOptionIds: [options.peje.id, options.gjakove.id] },
      { questionId: materials.id, questionOptionIds: [options.dru.id] },
    ];
    const headers = await asUser(database.db);
    const list = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents',
      payload: { datasetId: dataset.id, filters, filterPage: 'ANALYTICS', limit: 1000 },
      headers,
    });
    const summary = await summaryFor({ datasetId: dataset.id, filters }, headers);
    expect(summary.totalItems).toBe(2);
    expect(list.json().meta.totalItems).toBe(summary.totalItems);
  });

  it('gives zero counts when nothing matches, and for an unknown dataset', async () => {
    const { dataset, municipality, materials, options } = await analyticsDataset();
    const noRisk = [
      { value: 'high', count: 0 },
      { value: 'medium', count: 0 },
      { value: 'low', count: 0 },
    ];
    const none = await summaryFor({
      datasetId: dataset.id,
      filters: [
        { questionId: municipality.id, questionOptionIds: [options.prizren.id] },
        { questionId: materials.id, questionOptionIds: [options.tulle.id] },
      ],
    });
    expect(none).toEqual({ totalItems: 0, byMunicipality: [], byRiskLevel: noRisk, byType: [] });
    expect(await summaryFor({ datasetId: 987654 })).toEqual(none);
  });

  it('counts approved assets of active datasets for users, and every asset for administrators', async () => {
    const db = database.db;
    const { dataset, survey } = await analyticsDataset();
    await createAsset(db, { surveyId: survey.id, datasetId: dataset.id, municipality: 'Prizren', status: 'UPLOADED' });
    await createAsset(db, { surveyId: survey.id, datasetId: dataset.id, municipality: 'Prizren', status: 'REJECTED' });

    const forUser = await summaryFor({ datasetId: dataset.id });
    expect(forUser.totalItems).toBe(6);
    expect(forUser.byMunicipality).toContainEqual({ value: 'Prizren', count: 1 });
    const forAdmin = await summaryFor({ datasetId: dataset.id }, await asAdmin(db));
    expect(forAdmin.totalItems).toBe(8);
    expect(forAdmin.byMunicipality).toContainEqual({ value: 'Prizren', count: 3 });

    const inactive = await createDataset(db, { isActive: false });
    await createAsset(db, { surveyId: survey.id, datasetId: inactive.id });
    expect((await summaryFor({ datasetId: inactive.id })).totalItems).toBe(0);
    expect((await summaryFor({ datasetId: inactive.id }, await asAdmin(db))).totalItems).toBe(1);
  });

  it('needs a logged-in account: 401 without a session, 403 for a guest', async () => {
    const { dataset } = await analyticsDataset();
    expect((await summarize({ datasetId: dataset.id })).statusCode).toBe(401);
    const guest = await summarize({ datasetId: dataset.id }, await asGuest());
    expect(guest.statusCode).toBe(403);
    // Nothing is counted for a guest: the refusal carries no figures.
    expect(guest.json()).not.toHaveProperty('totalItems');
    // The session is checked before the body, so a visitor learns nothing about what a valid body is.
    expect((await summarize({})).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const headers = await asUser(database.db);
    const missing = await summarize({}, headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'datasetId', message: 'datasetId is required' });
    const badFilter = await summarize({ datasetId: 1, filters: [{ questionId: 'abc' }] }, headers);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().field).toBe('filters.0.questionId');
    const badOption = await summarize({ datasetId: 1, filters: [{ questionId: 1, questionOptionIds: [-4] }] }, headers);
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().field).toBe('filters.0.questionOptionIds.0');
  });
});
