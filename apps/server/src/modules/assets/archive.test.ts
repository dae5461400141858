import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import {
  createAsset,
  createDataset,
  createMedia,
  createOption,
  createQuestion,
  createSurvey,
} from '../../test/factories';
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

const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
const sorted = (ids: string[]) => [...ids].sort();

/**
 * The archive's view of a dataset: a materials question and five approved assets with media.
 *   kulla   Gur   PHOTO + THREE_D        viewed 40
 *   ura     Gur   PHOTO + PDF            viewed 900
 *   hamami  Dru   VIDEO + AUDIO          viewed 300
 *   mulli   Dru   THREE_SIXTY_VIDEO      viewed 5
 *   kroi    Gur   (no media)             viewed 7000
 * and one pending asset with a photo, which only administrators see.
 */
async function archiveDataset() {
  const db = database.db;
  const dataset = await createDataset(db);
  const survey = await createSurvey(db);
  const materials = await createQuestion(db, survey.id);
  const [gur, dru] = await Promise.all(
    ['Gur', 'Dru'].map((value, i) => createOption(db, materials.id, { value, optionOrder: i })),
  );
  const asset = async (name: string, material: typeof gur, viewCount: number, types: string[], status = 'APPROVED') => {
    const created = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      name,
      viewCount,
      status,
      answers: [{ questionId: materials.id, optionId: material!.id, value: material!.value }],
    });
    for (const type of types) await createMedia(db, created.id, { type });
    return created;
  };
  const assets = {
    kulla: await asset('Kulla e Jashar Pashës', gur, 40, ['PHOTO', 'THREE_D']),
    ura: await asset('Ura e Gurit', gur, 900, ['PHOTO', 'PDF']),
    hamami: await asset('Hamami i Haxhi Beut', dru, 300, ['VIDEO', 'AUDIO']),
    mulli: await asset('Mulliri i Zekës', dru, 5, ['THREE_SIXTY_VIDEO']),
    kroi: await asset('Kroi i Bardhë', gur, 7000, []),
  };
  const pending = await asset('Çardaku', gur, 1, ['PHOTO'], 'UPLOADED');
  return { dataset, materials, options: { gur: gur!, dru: dru! }, assets, pending };
}

const list = async (query: string, headers?: Record<string, string>) => {
  const response = await app.inject({ url: `/api/surveys/assets?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** The filtered lookup as the archive makes it: a guest's session, filterPage ARCHIVE. */
const filter = async (body: Record<string, unknown>) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/surveys/dataset-respondents',
    payload: { filterPage: 'ARCHIVE', ...body },
    headers: await asGuest(),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the archive by content type: GET /api/surveys/assets?mediaTypes=', () => {
  it('keeps the assets that have any of the chosen types', async () => {
    const { dataset, assets } = await archiveDataset();
    const byTypes = async (types: string) => sorted(idsOf(await list(`datasetId=${dataset.id}&mediaTypes=${types}`)));

    expect(await byTypes('THREE_D')).toEqual([assets.kulla.id]);
    expect(await byTypes('PDF,AUDIO')).toEqual(sorted([assets.ura.id, assets.hamami.id]));
    expect(await byTypes('PHOTO,THREE_SIXTY_VIDEO')).toEqual(sorted([assets.kulla.id, assets.ura.id, assets.mulli.id]));
    // Repeated, as a form would send them, means the same as comma-joined.
    expect(sorted(idsOf(await list(`datasetId=${dataset.id}&mediaTypes=VIDEO&mediaTypes=THREE_D`)))).toEqual(
      sorted([assets.hamami.id, assets.kulla.id]),
    );
    // Every type: every asset with media, the one without none left out.
    const anyMedia = await byTypes('PHOTO,VIDEO,AUDIO,PDF,THREE_D,THREE_SIXTY_VIDEO');
    expect(anyMedia).toHaveLength(4);
    expect(anyMedia).not.toContain(assets.kroi.id);
    // Without the parameter nothing is narrowed.
    expect((await list(`datasetId=${dataset.id}`)).meta.totalItems).toBe(5);
  });

  it('reports each asset with the media types it has', async () => {
    const { dataset, assets } = await archiveDataset();
    const body = await list(`datasetId=${dataset.id}&mediaTypes=AUDIO`);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ id: assets.hamami.id, mediaTypes: ['VIDEO', 'AUDIO'] });
  });

  it('sorts popular (most viewed first) or alphabetically, and pages 8 at a time', async () => {
    const { dataset, assets } = await archiveDataset();
    const everyType = 'mediaTypes=PHOTO,VIDEO,AUDIO,PDF,THREE_D,THREE_SIXTY_VIDEO';
    expect(idsOf(await list(`datasetId=${dataset.id}&${everyType}&sortBy=viewCount&sortOrder=desc`))).toEqual([
      assets.ura.id,
      assets.hamami.id,
      assets.kulla.id,
      assets.mulli.id,
    ]);
    expect(idsOf(await list(`datasetId=${dataset.id}&${everyType}&sortBy=name&sortOrder=asc`))).toEqual([
      assets.hamami.id,
      assets.kulla.id,
      assets.mulli.id,
      assets.ura.id,
    ]);

    const page2 = await list(`datasetId=${dataset.id}&${everyType}&sortBy=viewCount&sortOrder=desc&limit=3&page=2`);
    expect(idsOf(page2)).toEqual([assets.mulli.id]);
    expect(page2.meta).toEqual({ page: 2, limit: 3, totalItems: 4, totalPages: 2 });
  });

  it('finds assets across every dataset when none is chosen, public ones only', async () => {
    const { assets, pending } = await archiveDataset();
    const { assets: others } = await archiveDataset();
    const threeD = idsOf(await list('mediaTypes=THREE_D&limit=1000'));
    expect(threeD).toEqual(expect.arrayContaining([assets.kulla.id, others.kulla.id]));
    const photos = idsOf(await list('mediaTypes=PHOTO&limit=1000'));
    expect(photos).not.toContain(pending.id);
    expect(idsOf(await list('mediaTypes=PHOTO&limit=1000', await asAdmin(database.db)))).toContain(pending.id);
  });

  it('refuses an unknown media type with 400 naming mediaTypes', async () => {
    for (const query of ['mediaTypes=PHOTO,HOLOGRAM', 'mediaTypes=', 'mediaTypes=photo']) {
      const response = await app.inject({ url: `/api/surveys/assets?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toMatch(/^mediaTypes/);
    }
  });
});

describe('the archive with answer filters: POST /api/surveys/dataset-respondents with mediaTypes', () => {
  it('combines the content types (any of them) with the answer filters (all of them)', async () => {
    const { dataset, materials, options, assets } = await archiveDataset();
    const stone = { questionId: materials.id, questionOptionIds: [options.gur.id] };

    const stoneWithPhoto = await filter({ datasetId: dataset.id, filters: [stone], mediaTypes: ['PHOTO'] });
    expect(sorted(idsOf(stoneWithPhoto))).toEqual(sorted([assets.kulla.id, assets.ura.id]));

    const stoneWith3dOrVideo = await filter({
      datasetId: dataset.id,
      filters: [stone],
      mediaTypes: ['THREE_D', 'VIDEO'],
    });
    expect(idsOf(stoneWith3dOrVideo)).toEqual([assets.kulla.id]);

    const timberWithPdf = await filter({
      datasetId: dataset.id,
      filters: [{ questionId: materials.id, questionOptionIds: [options.dru.id] }],
      mediaTypes: ['PDF'],
    });
    expect(timberWithPdf.items).toEqual([]);
  });

  it('sorts by views and pages with meta', async () => {
    const { dataset, assets } = await archiveDataset();
    const body = {
      datasetId: dataset.id,
      mediaTypes: ['PHOTO', 'VIDEO', 'AUDIO', 'PDF', 'THREE_D', 'THREE_SIXTY_VIDEO'],
      sortBy: 'viewCount',
      sortOrder: 'desc',
      limit: 2,
    };
    const first = await filter(body);
    expect(idsOf(first)).toEqual([assets.ura.id, assets.hamami.id]);
    expect(first.meta).toEqual({ page: 1, limit: 2, totalItems: 4, totalPages: 2 });
    expect(idsOf(await filter({ ...body, page: 2 }))).toEqual([assets.kulla.id, assets.mulli.id]);
  });

  it('is open to guests but needs a session, and refuses an unknown media type with 400', async () => {
    const { dataset } = await archiveDataset();
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents',
      payload: { datasetId: dataset.id, filterPage: 'ARCHIVE', mediaTypes: ['PHOTO'] },
    });
    expect(anonymous.statusCode).toBe(401);

    const bad = await app.inject({
      method: 'POST',
      url: '/api/surveys/dataset-respondents',
      payload: { datasetId: dataset.id, filterPage: 'ARCHIVE', mediaTypes: ['PHOTO', 'HOLOGRAM'] },
      headers: await asGuest(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('mediaTypes.1');
  });
});
