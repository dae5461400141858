import { type AssetPoints, MAX_MAP_POINTS, RiskLevel } from '@trashegimia/contract/assets';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { foldAccents } from '../../db/text-search';
import { createAsset, createDataset, createOption, createQuestion, createSurvey } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import {
  type AssetPage,
  type AssetSearch,
  IndexedAssetSearch,
  type PageWindow,
  type PointsQuery,
} from './asset-search';
import type { AssetCriteria, AssetSort } from './criteria';
import { OptionIndexes } from './option-indexes';
import { SqlAssetSearch } from './sql-search';

/**
 * The conformance suite of AssetSearch: the database (the reference) and the option indexes (the
 * accelerator) answer the same cases — orders, filters, searches with and without accents, risk
 * levels, visibility — and both must give what the register holds, computed here from the assets
 * as they were made. A visitor would otherwise see a different list depending on which one answered.
 */
let database: DatabaseHandle;
let indexes: OptionIndexes;

type Made = {
  id: string;
  name: string;
  municipality: string;
  village: string | null;
  date: Date;
  status: string;
  riskLevel: string;
  latitude: number | null;
  longitude: number | null;
  optionIds: number[];
};

const NAMES = ['Kulla e Jasharëve', 'Xhamia e Hadumit', 'Çarshia e Gjakovës', 'Ura e Terzive', 'Kisha e Shën Mërisë'];
const TOWNS = ['Pejë', 'Prizren', 'Gjakovë'];
const LEVELS = ['high', 'medium', 'low', 'extreme'];

let active: number;
let inactive: number;
let towns: { id: number; questionId: number }[];
let materials: { id: number; questionId: number }[];
const made: (Made & { datasetId: number })[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  active = (await createDataset(db)).id;
  inactive = (await createDataset(db, { isActive: false })).id;
  const survey = await createSurvey(db);
  const town = await createQuestion(db, survey.id, { questionType: 'DROPDOWN' });
  const material = await createQuestion(db, survey.id, { questionType: 'MULTIPLE_CHOICE' });
  towns = await Promise.all(TOWNS.map((value) => createOption(db, town.id, { value })));
  materials = await Promise.all(['Gur', 'Dru', 'Tullë'].map((value) => createOption(db, material.id, { value })));
  for (let i = 0; i < 48; i++) {
    const datasetId = i % 12 === 11 ? inactive : active;
    const status = i % 9 === 4 ? 'UPLOADED' : i % 9 === 7 ? 'REJECTED' : 'APPROVED';
    const townOption = towns[i % 3]!;
    const chosen = materials.filter((_, m) => (i >> m) & 1);
    const fields = {
      name: `${NAMES[i % NAMES.length]} ${i}`,
      municipality: TOWNS[i % 3]!,
      village: i % 4 === 0 ? 'Isniq' : null,
      // Pairs share a date, so the order falls back to the id.
      date: new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 2))),
      status,
      riskLevel: LEVELS[i % 4]!,
      latitude: i % 10 === 0 ? null : 42 + i / 100,
      longitude: 20.5 + i / 100,
    };
    const asset = await createAsset(db, {
      surveyId: survey.id,
      datasetId,
      ...fields,
      answers: [
        { questionId: town.id, optionId: townOption.id, value: TOWNS[i % 3] },
        ...chosen.map((option) => ({ questionId: material.id, optionId: option.id })),
      ],
    });
    made.push({ id: asset.id, datasetId, ...fields, optionIds: [townOption.id, ...chosen.map((o) => o.id)] });
  }
  indexes = new OptionIndexes(database.db, 1_000_000);
  // The index answers only once built; until then the database would answer for it.
  await vi.waitFor(
    async () => {
      if (!(await indexes.page({ publicOnly: true, datasetId: active }, NEWEST, { limit: 1, offset: 0 }))) {
        throw new Error('the index was not built');
      }
    },
    { timeout: 10_000, interval: 5 },
  );
});

afterAll(async () => {
  indexes?.close();
  await database?.close();
});

const NEWEST: AssetSort = { sortBy: 'date', sortOrder: 'desc' };
const OLDEST: AssetSort = { sortBy: 'date', sortOrder: 'asc' };
const FIRST: PageWindow = { limit: 20, offset: 0 };

const within = (value: number | null, min: number | undefined, max: number | undefined) =>
  (min === undefined || (value !== null && value >= min)) && (max === undefined || (value !== null && value <= max));

/** Days 5 to 14 of 2024 and a box around the middle of the register's places. */
const RANGE: AssetCriteria = {
  publicOnly: true,
  dateFrom: new Date(Date.UTC(2024, 0, 5)),
  dateBefore: new Date(Date.UTC(2024, 0, 15)),
  latMin: 42.05,
  latMax: 42.4,
  lngMin: 20.5,
  lngMax: 21,
};

/** What the register holds for the criteria, in the sort's order: the oracle both must match. */
function expectedIds(criteria: AssetCriteria, sort: AssetSort): string[] {
  const term = criteria.search && foldAccents(criteria.search).toLowerCase();
  const folded = (text: string | null) => foldAccents(text ?? '').toLowerCase();
  const chosen = made.filter(
    (asset) =>
      asset.datasetId === criteria.datasetId &&
      (!criteria.publicOnly || (asset.status === 'APPROVED' && asset.datasetId === active)) &&
      (criteria.filters ?? []).every((filter) => filter.optionIds.some((id) => asset.optionIds.includes(id))) &&
      (!term || [asset.name, asset.municipality, asset.village].some((text) => folded(text).includes(term))) &&
      (!criteria.dateFrom || asset.date >= criteria.dateFrom) &&
      (!criteria.dateBefore || asset.date < criteria.dateBefore) &&
      within(asset.latitude, criteria.latMin, criteria.latMax) &&
      within(asset.longitude, criteria.lngMin, criteria.lngMax),
  );
  const direction = sort.sortOrder === 'desc' ? -1 : 1;
  chosen.sort((a, b) => direction * (a.date.getTime() - b.date.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  return chosen.map((asset) => asset.id);
}

/** The reference, and a spy on what the indexed search left to it. */
function implementations() {
  const reference = new SqlAssetSearch(database.db);
  const leftToDatabase = { page: vi.spyOn(reference, 'page'), points: vi.spyOn(reference, 'points') };
  return {
    database: reference as AssetSearch,
    'option index': new IndexedAssetSearch(database.db, indexes, reference) as AssetSearch,
    leftToDatabase,
  };
}

const idsOf = (page: AssetPage) => ({ ids: page.rows.map((row) => row.id), total: page.total });

describe.each(['database', 'option index'] as const)('AssetSearch answered by the %s', (answeredBy) => {
  const pageCases: [string, () => AssetCriteria, AssetSort, PageWindow][] = [
    ['newest first', () => ({ publicOnly: true, datasetId: active }), NEWEST, FIRST],
    ['the second page', () => ({ publicOnly: true, datasetId: active }), NEWEST, { limit: 20, offset: 20 }],
    ['oldest first', () => ({ publicOnly: true, datasetId: active }), OLDEST, { limit: 7, offset: 3 }],
    [
      'one town',
      () => ({
        publicOnly: true,
        datasetId: active,
        filters: [{ questionId: towns[1]!.questionId, optionIds: [towns[1]!.id] }],
      }),
      NEWEST,
      FIRST,
    ],
    [
      'a town and any of two materials',
      () => ({
        publicOnly: true,
        datasetId: active,
        filters: [
          { questionId: towns[0]!.questionId, optionIds: [towns[0]!.id] },
          { questionId: materials[0]!.questionId, optionIds: [materials[0]!.id, materials[2]!.id] },
        ],
      }),
      OLDEST,
      FIRST,
    ],
    ['a search without accents', () => ({ publicOnly: true, datasetId: active, search: 'jasharev' }), NEWEST, FIRST],
    ['a search with accents', () => ({ publicOnly: true, datasetId: active, search: 'ÇARSHIA' }), NEWEST, FIRST],
    ['a search of villages', () => ({ publicOnly: true, datasetId: active, search: 'isniq' }), NEWEST, FIRST],
    ['an inactive dataset', () => ({ publicOnly: true, datasetId: inactive }), NEWEST, FIRST],
    ['what administrators see', () => ({ publicOnly: false, datasetId: active }), NEWEST, { limit: 50, offset: 0 }],
    ['within a date range and a box', () => ({ ...RANGE, datasetId: active }), NEWEST, FIRST],
  ];

  it.each(pageCases)('gives the assets the register holds: %s', async (_case, criteriaOf, sort, window) => {
    const criteria = criteriaOf();
    const search = implementations()[answeredBy];
    const expected = expectedIds(criteria, sort);
    expect(idsOf(await search.page(criteria, sort, window))).toEqual({
      ids: expected.slice(window.offset, window.offset + window.limit),
      total: expected.length,
    });
    expect(await search.count(criteria)).toBe(expected.length);
  });

  const mapCases: [string, () => PointsQuery][] = [
    ['whole', () => ({ publicOnly: true, datasetId: active, limit: MAX_MAP_POINTS })],
    ...RiskLevel.options.map((riskLevel): [string, () => PointsQuery] => [
      `of ${riskLevel} risk`,
      () => ({ publicOnly: true, datasetId: active, riskLevel, limit: MAX_MAP_POINTS }),
    ]),
    ['searched', () => ({ publicOnly: true, datasetId: active, search: 'Kulla', limit: MAX_MAP_POINTS })],
    ['cut at a limit', () => ({ publicOnly: true, datasetId: active, limit: 5 })],
    ['of an inactive dataset', () => ({ publicOnly: true, datasetId: inactive, limit: MAX_MAP_POINTS })],
    ['within a date range and a box', () => ({ ...RANGE, datasetId: active, limit: MAX_MAP_POINTS })],
  ];

  it.each(mapCases)("draws the dataset's map as the register holds it: %s", async (_case, queryOf) => {
    const query = queryOf();
    const search = implementations()[answeredBy];
    const answer = JSON.parse((await search.points(query)).toString()) as AssetPoints;
    // Real coordinates only; a level the map does not know shows as low.
    const shownLevel = (level: string) => (level === 'extreme' ? 'low' : level);
    const { riskLevel: _riskLevel, limit: _limit, ...criteria } = query;
    const onMap = expectedIds(criteria, NEWEST)
      .map((id) => made.find((asset) => asset.id === id)!)
      .filter((asset) => asset.latitude !== null && asset.longitude !== null)
      .filter((asset) => !query.riskLevel || shownLevel(asset.riskLevel) === query.riskLevel);
    expect(answer.points.id).toEqual(onMap.slice(0, query.limit).map((asset) => asset.id));
    expect(answer.points.riskLevel).toEqual(onMap.slice(0, query.limit).map((asset) => shownLevel(asset.riskLevel)));
    expect(answer.meta).toEqual({ totalItems: onMap.length, truncated: onMap.length > query.limit });
  });
});

describe('IndexedAssetSearch', () => {
  it("answers the public's pages and maps of a dataset from the index, not the database", async () => {
    const { 'option index': search, leftToDatabase } = implementations();
    await search.page({ publicOnly: true, datasetId: active, search: 'kulla' }, NEWEST, FIRST);
    await search.points({ publicOnly: true, datasetId: active, riskLevel: 'high', limit: MAX_MAP_POINTS });
    expect(leftToDatabase.page).not.toHaveBeenCalled();
    expect(leftToDatabase.points).not.toHaveBeenCalled();
  });

  it('leaves to the database what it does not hold: other orders, administrators, dates and places', async () => {
    const { 'option index': search, leftToDatabase } = implementations();
    await search.page({ publicOnly: true, datasetId: active }, { sortBy: 'name', sortOrder: 'asc' }, FIRST);
    await search.page({ publicOnly: false, datasetId: active }, NEWEST, FIRST);
    await search.page({ ...RANGE, datasetId: active }, NEWEST, FIRST);
    await search.points({ publicOnly: false, datasetId: active, limit: MAX_MAP_POINTS });
    await search.points({ ...RANGE, datasetId: active, limit: MAX_MAP_POINTS });
    expect(leftToDatabase.page).toHaveBeenCalledTimes(3);
    expect(leftToDatabase.points).toHaveBeenCalledTimes(2);
  });
});
