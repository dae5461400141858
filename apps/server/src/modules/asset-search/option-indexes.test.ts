import { and, eq, inArray } from 'drizzle-orm';
import { type AssetPoints, MAX_MAP_POINTS, type RiskLevel } from '@trashegimia/contract/assets';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { answers, assets, datasets } from '../../db/schema/index';
import {
  createAsset,
  createDataset,
  createMedia,
  createOption,
  createQuestion,
  createSurvey,
} from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { IndexedAssetSearch, type PageWindow } from './asset-search';
import type { AssetCriteria, AssetSort, ResolvedFilter } from './criteria';
import { type IndexBuildEnd, OptionIndexes, indexBuildEnds } from './option-indexes';
import { OptionIndex } from './option-index';
import { countAssetPoints, selectAssetPointsJson } from './points.repo';
import { SqlAssetSearch } from './sql-search';

/**
 * The public's filtered pages and maps answered from a dataset's option index: the same assets,
 * order and total as the database gives, and every change the server has reported done — a new approval, an
 * edited answer, a rejection, a deletion, a dataset taken offline — shown on the very next page.
 * A visitor would otherwise filter a register that is not the one administrators just changed.
 */
let database: DatabaseHandle;
let indexes: OptionIndexes;

beforeAll(async () => {
  database = await openTestDatabase();
  indexes = new OptionIndexes(database.db, 1_000_000);
});
afterAll(async () => {
  indexes?.close();
  await database?.close();
});

const newest: AssetSort = { sortBy: 'date', sortOrder: 'desc' };
const firstPage = { limit: 20, offset: 0 };

/** A dataset of 60 approved assets over a municipality and a materials question, some sharing a date, and a few not public. */
async function filteredDataset() {
  const db = database.db;
  const dataset = await createDataset(db);
  const survey = await createSurvey(db);
  const municipality = await createQuestion(db, survey.id, { questionType: 'DROPDOWN' });
  const towns = await Promise.all(
    ['Pejë', 'Prizren', 'Gjakovë'].map((value) => createOption(db, municipality.id, { value })),
  );
  const materials = await createQuestion(db, survey.id, { questionType: 'MULTIPLE_CHOICE' });
  const stuff = await Promise.all(['Gur', 'Dru', 'Tullë'].map((value) => createOption(db, materials.id, { value })));
  const make = (i: number, status = 'APPROVED') => {
    const town = towns[i % 3]!;
    const chosen = stuff.filter((_, s) => (i >> s) & 1);
    return createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      status,
      name: `Asset ${i}`,
      date: new Date(Date.UTC(2024, 0, 1 + (i % 7), 10, 0, 0, i % 2)),
      answers: [
        { questionId: municipality.id, optionId: town.id, value: town.value },
        ...chosen.map((option) => ({ questionId: materials.id, optionId: option.id, value: option.value })),
      ],
    });
  };
  const made = [];
  for (let i = 0; i < 60; i++) made.push(await make(i));
  for (const status of ['UPLOADED', 'REJECTED', 'PASSIVE']) await make(1, status);
  return { dataset, survey, municipality, materials, towns, stuff, made, make };
}

const criteriaOf = (datasetId: number, filters: ResolvedFilter[]): AssetCriteria => ({
  publicOnly: true,
  datasetId,
  filters,
});

/** The first answer the index gives once it has built the dataset's index (the database answers until then). */
const answered = <Answer>(ask: () => Promise<Answer | undefined>) =>
  vi.waitFor(
    async () => {
      const answer = await ask();
      if (answer === undefined) throw new Error('the index did not answer once built');
      return answer;
    },
    { timeout: 10_000, interval: 5 },
  );

const fromIndex = (criteria: AssetCriteria, sort = newest, page: PageWindow = firstPage) =>
  answered(() => indexes.page(criteria, sort, page));

/** A map from the index, once it has been built, with its columns read back. */
async function mapFromIndex(datasetId: number, riskLevel: RiskLevel | undefined, limit: number, search?: string) {
  const answer = await answered(() => indexes.points({ publicOnly: true, datasetId, riskLevel, limit, search }));
  const { points, meta } = JSON.parse(answer.toString()) as AssetPoints;
  return { points, total: meta.totalItems };
}

/** The same map as the database writes it. */
async function mapFromDatabase(datasetId: number, riskLevel: RiskLevel | undefined, limit: number, search?: string) {
  const criteria = { publicOnly: true, datasetId, search };
  const [{ json }, total] = await Promise.all([
    selectAssetPointsJson(database.db, criteria, riskLevel, limit),
    countAssetPoints(database.db, criteria, riskLevel),
  ]);
  return { points: JSON.parse(json) as AssetPoints['points'], total };
}

/** The database's answer to the same page. */
async function fromDatabase(criteria: AssetCriteria, sort = newest, page = firstPage) {
  const { rows, total } = await new SqlAssetSearch(database.db).page(criteria, sort, page);
  return { ids: rows.map((row) => row.id), total };
}

describe('OptionIndexes', () => {
  it('answers filtered pages with the assets, order and total the database gives', async () => {
    const { dataset, municipality, materials, towns, stuff } = await filteredDataset();
    const [peje, prizren] = towns;
    const [gur, dru, tulle] = stuff;
    const queries: ResolvedFilter[][] = [
      [{ questionId: municipality.id, optionIds: [peje!.id] }],
      [{ questionId: municipality.id, optionIds: [peje!.id, prizren!.id] }],
      [
        { questionId: municipality.id, optionIds: [peje!.id, prizren!.id] },
        { questionId: materials.id, optionIds: [gur!.id] },
      ],
      [
        { questionId: materials.id, optionIds: [dru!.id, tulle!.id] },
        { questionId: materials.id, optionIds: [gur!.id] },
      ],
    ];
    for (const filters of queries) {
      const criteria = criteriaOf(dataset.id, filters);
      for (const sort of [newest, { sortBy: 'date', sortOrder: 'asc' } satisfies AssetSort]) {
        for (const page of [firstPage, { limit: 7, offset: 7 }, { limit: 20, offset: 100 }]) {
          const indexed = await fromIndex(criteria, sort, page);
          expect(indexed).toEqual(await fromDatabase(criteria, sort, page));
        }
      }
    }
  });

  it('shows each change the server reported done on the very next page', async () => {
    const db = database.db;
    const { dataset, survey, municipality, towns, made, make } = await filteredDataset();
    const inPeje = criteriaOf(dataset.id, [{ questionId: municipality.id, optionIds: [towns[0]!.id] }]);
    const matches = async () => (await indexes.page(inPeje, newest, { limit: 100, offset: 0 }))!;
    const before = await fromIndex(inPeje, newest, { limit: 100, offset: 0 });
    expect(before.total).toBe(20);

    const added = await make(0);
    expect((await matches()).ids).toContain(added.id);

    // A moved answer: the asset leaves Pejë for Prizren.
    const moved = made[0]!;
    await db
      .update(answers)
      .set({ optionId: towns[1]!.id, value: towns[1]!.value })
      .where(and(eq(answers.assetId, moved.id), eq(answers.questionId, municipality.id)));
    expect((await matches()).ids).not.toContain(moved.id);

    const [rejected, deleted, elsewhere, redated] = [made[3]!, made[6]!, made[9]!, made[12]!];
    await db.update(assets).set({ status: 'REJECTED' }).where(eq(assets.id, rejected.id));
    await db.delete(assets).where(eq(assets.id, deleted.id));
    const other = await createDataset(db);
    await db.update(assets).set({ datasetId: other.id }).where(eq(assets.id, elsewhere.id));
    await db
      .update(assets)
      .set({ date: new Date('2030-01-01T00:00:00Z') })
      .where(eq(assets.id, redated.id));
    const pending = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      status: 'UPLOADED',
      answers: [{ questionId: municipality.id, optionId: towns[0]!.id }],
    });

    const after = await matches();
    expect(after).toEqual(await fromDatabase(inPeje, newest, { limit: 100, offset: 0 }));
    expect(after.ids[0]).toBe(redated.id);
    expect(after.ids).not.toContain(pending.id);
    expect(after.total).toBe(20 + 1 - 4);

    await db.update(datasets).set({ isActive: false }).where(eq(datasets.id, dataset.id));
    expect(await matches()).toEqual({ ids: [], total: 0 });
    await db.update(datasets).set({ isActive: true }).where(eq(datasets.id, dataset.id));
    expect((await matches()).total).toBe(17);
  });

  it("shows an asset's new name and photo, and its rejection, at once in the rows of a page it found", async () => {
    const db = database.db;
    const { dataset, municipality, towns } = await filteredDataset();
    const inPeje = criteriaOf(dataset.id, [{ questionId: municipality.id, optionIds: [towns[0]!.id] }]);
    await fromIndex(inPeje);
    const page = async () =>
      (await new IndexedAssetSearch(db, indexes, new SqlAssetSearch(db)).page(inPeje, newest, firstPage)).rows;
    const first = (await page())[0]!;

    await db.update(assets).set({ name: 'Kulla e Jasharëve' }).where(eq(assets.id, first.id));
    expect((await page())[0]).toMatchObject({ id: first.id, name: 'Kulla e Jasharëve', photoPath: null });

    await createMedia(db, first.id);
    expect((await page())[0]).toMatchObject({ id: first.id, photoPath: expect.any(String), mediaTypes: ['PHOTO'] });

    await db.update(assets).set({ status: 'REJECTED' }).where(eq(assets.id, first.id));
    expect((await page()).map((row) => row.id)).not.toContain(first.id);
  });

  it('lets the database answer while it builds again after a change of many assets at once', async () => {
    const db = database.db;
    const { dataset, municipality, towns, made } = await filteredDataset();
    const inPeje = criteriaOf(dataset.id, [{ questionId: municipality.id, optionIds: [towns[0]!.id] }]);
    await fromIndex(inPeje);
    // More than the 50 assets the database names one by one: it notifies the whole table.
    await db
      .update(assets)
      .set({ status: 'REJECTED' })
      .where(
        inArray(
          assets.id,
          made.slice(0, 55).map((a) => a.id),
        ),
      );
    expect(await indexes.page(inPeje, newest, firstPage)).toBeUndefined();
    expect(await fromIndex(inPeje)).toEqual(await fromDatabase(inPeje));
  });

  it("answers a dataset's map, whole and by risk level, as the database writes it, and shows each change at once", async () => {
    const db = database.db;
    const { dataset, survey, made } = await filteredDataset();
    // Spread over Kosovo and the risk levels; some without coordinates, one with a level the map does not know.
    for (const [i, asset] of made.entries()) {
      await db
        .update(assets)
        .set({
          latitude: i % 10 === 0 ? null : 42 + i / 100,
          longitude: i % 15 === 0 ? Number.NaN : 20.5 + i / 100,
          riskLevel: ['high', 'medium', 'low', 'extreme'][i % 4],
          risk: i % 4 === 3 ? null : String((i % 4) + 1),
          village: i % 2 ? 'Isniq' : null,
        })
        .where(eq(assets.id, asset.id));
    }
    const levels = [undefined, 'high', 'medium', 'low'] as const;
    const expectSameMaps = async () => {
      for (const riskLevel of levels) {
        for (const limit of [MAX_MAP_POINTS, 7]) {
          expect(await mapFromIndex(dataset.id, riskLevel, limit)).toEqual(
            await mapFromDatabase(dataset.id, riskLevel, limit),
          );
        }
      }
    };
    await expectSameMaps();
    expect((await mapFromIndex(dataset.id, 'low', MAX_MAP_POINTS)).total).toBeGreaterThan(0);

    const [renamed, rejected, moved] = [made[1]!, made[2]!, made[5]!];
    await db.update(assets).set({ name: 'Kulla e Jasharëve' }).where(eq(assets.id, renamed.id));
    await db.update(assets).set({ status: 'REJECTED' }).where(eq(assets.id, rejected.id));
    await db.update(assets).set({ latitude: null }).where(eq(assets.id, moved.id));
    const added = await createAsset(db, {
      surveyId: survey.id,
      datasetId: dataset.id,
      latitude: 42.66,
      longitude: 21.16,
      riskLevel: 'high',
      date: new Date('2031-01-01T00:00:00.123456Z'),
    });
    const whole = await mapFromIndex(dataset.id, undefined, MAX_MAP_POINTS);
    expect(whole.points.id[0]).toBe(added.id);
    expect(whole.points.date[0]).toBe('2031-01-01T00:00:00.123Z');
    expect(whole.points.name[whole.points.id.indexOf(renamed.id)]).toBe('Kulla e Jasharëve');
    expect(whole.points.id).not.toContain(rejected.id);
    expect(whole.points.id).not.toContain(moved.id);
    await expectSameMaps();

    await db.update(datasets).set({ isActive: false }).where(eq(datasets.id, dataset.id));
    expect(await mapFromIndex(dataset.id, undefined, MAX_MAP_POINTS)).toEqual(
      await mapFromDatabase(dataset.id, undefined, MAX_MAP_POINTS),
    );
    expect((await mapFromIndex(dataset.id, undefined, MAX_MAP_POINTS)).total).toBe(0);
  });

  it('leaves to the database what it does not keep: other orders, other criteria, administrators', async () => {
    const { dataset, municipality, towns } = await filteredDataset();
    const filters = [{ questionId: municipality.id, optionIds: [towns[0]!.id] }];
    await fromIndex(criteriaOf(dataset.id, filters));
    const ask = (criteria: AssetCriteria, sort: AssetSort = newest) => indexes.page(criteria, sort, firstPage);
    expect(await ask(criteriaOf(dataset.id, filters), { sortBy: 'name', sortOrder: 'asc' })).toBeUndefined();
    expect(await ask({ ...criteriaOf(dataset.id, filters), publicOnly: false })).toBeUndefined();
    expect(await ask({ ...criteriaOf(dataset.id, filters), mediaTypes: ['PHOTO'] })).toBeUndefined();
    expect(await ask({ ...criteriaOf(dataset.id, filters), search: 'Ωmega' })).toBeUndefined();
    expect(await ask({ ...criteriaOf(dataset.id, filters), mediaTypes: [] })).toBeDefined();
  });

  it('leaves to the database a dataset with more approved assets than an index may hold', async () => {
    const { dataset } = await filteredDataset();
    const criteria = criteriaOf(dataset.id, []);
    const [roomy, tooSmall] = [new OptionIndexes(database.db, 60), new OptionIndexes(database.db, 59)];
    try {
      // Asked side by side until the index with room for the dataset's 60 answers: the other, asked
      // as often, never does.
      await vi.waitFor(
        async () => {
          expect(await tooSmall.page(criteria, newest, firstPage)).toBeUndefined();
          expect(await roomy.page(criteria, newest, firstPage)).toBeDefined();
        },
        { timeout: 10_000, interval: 5 },
      );
      expect(await tooSmall.page(criteria, newest, firstPage)).toBeUndefined();
    } finally {
      roomy.close();
      tooSmall.close();
    }
  });

  it('tells who subscribes to indexBuildEnds when a build ends, and how', async () => {
    const { dataset } = await filteredDataset();
    const criteria = criteriaOf(dataset.id, []);
    const ends: IndexBuildEnd[] = [];
    // Only this dataset's: the channel is the process's, and other indexes may be building.
    const hear = (message: unknown) => {
      if ((message as IndexBuildEnd).datasetId === dataset.id) ends.push(message as IndexBuildEnd);
    };
    const [roomy, tooSmall] = [new OptionIndexes(database.db, 60), new OptionIndexes(database.db, 59)];
    indexBuildEnds.subscribe(hear);
    try {
      expect(await roomy.page(criteria, newest, firstPage)).toBeUndefined();
      expect(await tooSmall.page(criteria, newest, firstPage)).toBeUndefined();
      await vi.waitFor(() => expect(ends).toHaveLength(2), { timeout: 10_000, interval: 5 });
      // Heard when the index answers, not before.
      expect(await roomy.page(criteria, newest, firstPage)).toBeDefined();
      expect(ends).toEqual(
        expect.arrayContaining([
          { datasetId: dataset.id, outcome: 'built', ms: expect.any(Number) },
          { datasetId: dataset.id, outcome: 'too large', ms: expect.any(Number) },
        ]),
      );
    } finally {
      indexBuildEnds.unsubscribe(hear);
      roomy.close();
      tooSmall.close();
    }
  });

  it('reports a build that failed, for the log, and lets the database answer', async () => {
    const { dataset } = await filteredDataset();
    const criteria = criteriaOf(dataset.id, []);
    const failures: string[] = [];
    const failing = new OptionIndexes(database.db, 1_000_000, (_error, what) => failures.push(what));
    vi.spyOn(OptionIndex, 'build').mockRejectedValueOnce(new Error('out of memory'));
    try {
      expect(await failing.page(criteria, newest, firstPage)).toBeUndefined();
      await vi.waitFor(() => expect(failures).toHaveLength(1), { timeout: 10_000, interval: 5 });
      expect(failures[0]).toContain(`could not build the option index of dataset ${dataset.id}`);
    } finally {
      failing.close();
    }
  });

  it('answers unfiltered pages, newest or oldest first, as the database does', async () => {
    const { dataset } = await filteredDataset();
    const criteria: AssetCriteria = { publicOnly: true, datasetId: dataset.id };
    for (const sort of [newest, { sortBy: 'date', sortOrder: 'asc' } satisfies AssetSort]) {
      for (const page of [firstPage, { limit: 7, offset: 49 }, { limit: 20, offset: 100 }]) {
        expect(await fromIndex(criteria, sort, page)).toEqual(await fromDatabase(criteria, sort, page));
      }
    }
  });

  it('finds a search in names, municipalities and villages as the database does, with or without accents, and after each change', async () => {
    const db = database.db;
    const { dataset, municipality, towns, made } = await filteredDataset();
    for (const [i, asset] of made.entries()) {
      await db
        .update(assets)
        .set({
          name: ['Kulla e Jasharëve', 'Xhamia e Hadumit', 'Ura e Gurit', null][i % 4],
          municipality: ['Pejë', 'PEJA', 'Gjakovë', null][(i % 5) % 4],
          village: i % 3 ? 'Isniq' : null,
          latitude: 42 + i / 100,
          longitude: 20.5 + i / 100,
        })
        .where(eq(assets.id, asset.id));
    }
    const searches = ['peje', 'PEJË', 'pej', 'jashar', 'ISNIQ', 'e', 'ë', 'e g', '%', 'zzz'];
    const expectSameAnswers = async () => {
      for (const search of searches) {
        const criteria: AssetCriteria = { publicOnly: true, datasetId: dataset.id, search };
        expect(await fromIndex(criteria)).toEqual(await fromDatabase(criteria));
        const inPeje = { ...criteria, filters: [{ questionId: municipality.id, optionIds: [towns[0]!.id] }] };
        expect(await fromIndex(inPeje, newest, { limit: 5, offset: 5 })).toEqual(
          await fromDatabase(inPeje, newest, { limit: 5, offset: 5 }),
        );
        for (const riskLevel of [undefined, 'low'] as const) {
          expect(await mapFromIndex(dataset.id, riskLevel, MAX_MAP_POINTS, search)).toEqual(
            await mapFromDatabase(dataset.id, riskLevel, MAX_MAP_POINTS, search),
          );
        }
      }
    };
    await expectSameAnswers();
    expect((await fromIndex({ publicOnly: true, datasetId: dataset.id, search: 'peje' })).total).toBeGreaterThan(20);

    // Changes after the searches were first looked for: a rename, a rejection, a new asset.
    await db.update(assets).set({ name: 'Kulla e Pejës', municipality: null }).where(eq(assets.id, made[2]!.id));
    await db.update(assets).set({ status: 'REJECTED' }).where(eq(assets.id, made[0]!.id));
    await createAsset(db, {
      surveyId: made[0]!.surveyId,
      datasetId: dataset.id,
      name: 'Jashar',
      latitude: 42.5,
      longitude: 21,
    });
    await expectSameAnswers();

    // İ lowers to i on PostgreSQL and stays İ on PGlite: while an asset holds it, the database looks.
    await db.update(assets).set({ name: 'İpek' }).where(eq(assets.id, made[4]!.id));
    const ipek: AssetCriteria = { publicOnly: true, datasetId: dataset.id, search: 'ipek' };
    expect(await indexes.page(ipek, newest, firstPage)).toBeUndefined();
    await db.update(assets).set({ name: 'Ipek' }).where(eq(assets.id, made[4]!.id));
    expect(await fromIndex(ipek)).toEqual(await fromDatabase(ipek));
    expect((await fromIndex(ipek)).ids).toEqual([made[4]!.id]);
  });
});
