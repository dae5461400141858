import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RiskLevel } from '@trashegimia/contract/assets';
import { type AssetListing, ID_BYTES, type IndexOrder, type IndexedAsset, OptionIndex } from './option-index';
import type { MapPoint } from './map-columns';
import { ACCENTED, PLAIN } from '../../db/folded-text';
import { indexedSearchTerm } from './search-terms';

/**
 * The option index answers a filtered or searched page and a map as the database would: the same
 * assets, in the same order (date, then id, to the microsecond and the byte), with the same total —
 * after any mix of assets added, changed and removed. A visitor would otherwise see a filtered list
 * or a map that misses, repeats or misorders assets, or a count that disagrees with it.
 */

/**
 * Whether the database finds the search in the asset: `translate(column, ACCENTED, PLAIN) ilike
 * '%search%'` over name, municipality and village, with ilike lowering both sides as `lower`
 * does — PGlite's only ASCII letters, PostgreSQL's locale every letter (İ to i).
 */
function databaseFinds(point: MapPoint, search: string, lower: (text: string) => string) {
  const translate = (text: string) => [...text].map((c) => PLAIN[ACCENTED.indexOf(c)] ?? c).join('');
  const wanted = lower(translate(search.normalize('NFC')));
  return [point.name, point.municipality, point.village].some(
    (column) => column !== null && lower(translate(column)).includes(wanted),
  );
}
const pgliteLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const postgresLower = (text: string) => [...text].map((c) => (c === 'İ' ? 'i' : c.toLowerCase())).join('');

function listingOf(assets: IndexedAsset[]): AssetListing {
  const ids = new Uint8Array(assets.length * ID_BYTES);
  assets.forEach((asset, i) => ids.set(Buffer.from(asset.id.replaceAll('-', ''), 'hex'), i * ID_BYTES));
  const optionStarts = [0];
  for (const asset of assets) optionStarts.push(optionStarts.at(-1)! + asset.optionIds.length);
  return {
    count: assets.length,
    ids,
    dates: Float64Array.from(assets.map((asset) => asset.dateMicros)),
    optionStarts: Int32Array.from(optionStarts),
    optionIds: Int32Array.from(assets.flatMap((asset) => asset.optionIds)),
    points: assets.map((asset) => asset.point),
  };
}

/**
 * What the database answers for a map (points.repo.ts): the assets with coordinates on Earth,
 * of the risk level if given, newest first, cut at the limit, by column; and how many in all.
 */
function expectedPoints(
  assets: Map<string, IndexedAsset>,
  riskLevel: RiskLevel | undefined,
  limit: number,
  found: (asset: IndexedAsset) => boolean = () => true,
) {
  const onEarth = ({ lat, lng }: MapPoint) =>
    lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const matching = [...assets.values()].filter(
    (asset) => onEarth(asset.point) && (riskLevel === undefined || asset.point.riskLevel === riskLevel) && found(asset),
  );
  matching.sort((a, b) => b.dateMicros - a.dateMicros || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const shown = matching.slice(0, limit);
  const column = <Key extends keyof MapPoint>(key: Key) => shown.map((asset) => asset.point[key]);
  return {
    points: {
      id: shown.map((asset) => asset.id),
      lat: column('lat'),
      lng: column('lng'),
      name: column('name'),
      municipality: column('municipality'),
      village: column('village'),
      date: shown.map((asset) => new Date(Math.floor(asset.dateMicros / 1_000)).toISOString()),
      risk: column('risk'),
      riskLevel: column('riskLevel'),
    },
    total: matching.length,
  };
}

const pointsOf = (index: OptionIndex, riskLevel: RiskLevel | undefined, limit: number, term?: string) => {
  const map = term === undefined ? index.points(riskLevel, limit) : index.searchedPoints(term, riskLevel, limit);
  return map && { points: JSON.parse(Buffer.concat(map.parts).toString()) as unknown, total: map.total };
};

/** Somewhere in Kosovo, unless the coordinates are missing, not numbers, or off the Earth. */
const coordinate = (degrees: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.double({ min: 41.8, max: 43.3, noNaN: true }) },
    fc.constantFrom(null, Number.NaN, Number.POSITIVE_INFINITY, -degrees - 1, degrees + 0.5),
  );
/** Few letters, some folded (ë, Ç), so that matches are common; İ and the Kelvin sign come in apart (lowersApart). */
const letter = fc.constantFrom('a', 'A', 'e', 'E', 'ë', 'Ë', 'c', 'ç', 'Ç', 'i', 'I', 'k', ' ', '%');
const text = fc.option(fc.string({ unit: letter, maxLength: 8 }));
const search = fc.option(fc.string({ unit: letter, minLength: 1, maxLength: 3 }), { nil: undefined });
const point: fc.Arbitrary<MapPoint> = fc.record({
  lat: coordinate(90),
  lng: coordinate(180),
  name: text,
  municipality: text,
  village: text,
  risk: text,
  riskLevel: fc.constantFrom(...RiskLevel.options),
});
const KOSOVO: MapPoint = {
  lat: 42.6,
  lng: 20.9,
  name: 'Kulla',
  municipality: 'Deçan',
  village: null,
  risk: null,
  riskLevel: 'low',
};

/** What the database answers: `order by date desc, id desc` (or both ascending), offset, limit, count. */
function expectedPage(
  assets: Map<string, IndexedAsset>,
  groups: number[][],
  order: IndexOrder,
  offset: number,
  limit: number,
  found: (asset: IndexedAsset) => boolean = () => true,
) {
  const matching = [...assets.values()].filter(
    (asset) => groups.every((group) => group.some((option) => asset.optionIds.includes(option))) && found(asset),
  );
  matching.sort((a, b) => b.dateMicros - a.dateMicros || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  if (order === 'dateAsc') matching.reverse();
  return { ids: matching.slice(offset, offset + limit).map((asset) => asset.id), total: matching.length };
}

// Few dates and options, so that ties and overlaps are common.
const dateMicros = fc.integer({ min: 0, max: 5 }).map((day) => 1_700_000_000_000_000 + day * 86_400_000_000);
const optionIds = fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 4 });
const asset = fc.record({ id: fc.uuid(), dateMicros, optionIds, point });
const mapQuery = fc.record({
  riskLevel: fc.option(fc.constantFrom(...RiskLevel.options), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 30 }),
  search,
});
const query = fc.record({
  groups: fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }), {
    maxLength: 3,
  }),
  search,
  order: fc.constantFrom<IndexOrder>('dateDesc', 'dateAsc'),
  offset: fc.integer({ min: 0, max: 300 }),
  limit: fc.integer({ min: 1, max: 20 }),
});
type Change =
  | { kind: 'upsert'; asset: IndexedAsset }
  | { kind: 'change'; pick: number; dateMicros: number; optionIds: number[]; point: MapPoint }
  | { kind: 'remove'; pick: number };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('upsert' as const), asset }),
  fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), dateMicros, optionIds, point }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
);

describe('OptionIndex', () => {
  it('answers every filtered page and map as the database would, whatever was added, changed or removed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(asset, { selector: (a) => a.id, maxLength: 60 }),
        fc.array(change, { maxLength: 60 }),
        fc.array(query, { minLength: 1, maxLength: 5 }),
        fc.array(mapQuery, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        async (generated, changes, queries, mapQueries, crowded, lowersApart) => {
          // Crowded: 300 more assets chose option 9, so that a query asking for it finds more than a
          // few matches and walks the date order instead of sorting them.
          const crowd = Array.from({ length: crowded ? 300 : 0 }, (_, i) => ({
            id: randomUUID(),
            dateMicros: 1_700_000_000_000_000 + (i % 6) * 86_400_000_000,
            optionIds: [9, (i % 8) + 1],
            point: KOSOVO,
          }));
          const initial = [...generated, ...crowd];
          const index = await OptionIndex.build(listingOf(initial));
          const model = new Map<string, IndexedAsset>(initial.map((a) => [a.id, a]));
          // Searched once before the changes, so that the changes update what was found then.
          for (const { search: text } of [...queries, ...mapQueries]) {
            const term = text === undefined ? undefined : indexedSearchTerm(text);
            if (term !== undefined) index.page([], 'dateDesc', 0, 1, term);
          }
          for (const step of changes) {
            const known = [...model.keys()];
            if (step.kind === 'upsert') {
              index.upsert(step.asset);
              model.set(step.asset.id, step.asset);
            } else if (known.length > 0) {
              const id = known[step.pick % known.length]!;
              if (step.kind === 'remove') {
                index.remove(id);
                model.delete(id);
              } else {
                const changed = { id, dateMicros: step.dateMicros, optionIds: step.optionIds, point: step.point };
                index.upsert(changed);
                model.set(id, changed);
              }
            }
          }
          // An asset whose name holds letters that only PostgreSQL lowers to ASCII ones (i, k): while
          // it is there, searches are the database's.
          if (lowersApart) {
            const apart = { id: randomUUID(), dateMicros: 0, optionIds: [], point: { ...KOSOVO, name: 'İ\u212a' } };
            index.upsert(apart);
            model.set(apart.id, apart);
          }
          expect(index.page([], 'dateDesc', 0, 0)!.total).toBe(model.size);
          const finders = (text: string) =>
            [pgliteLower, postgresLower].map((lower) => (a: IndexedAsset) => databaseFinds(a.point, text, lower));
          for (const { groups, order, offset, limit, search: text } of queries) {
            const term = text === undefined ? undefined : indexedSearchTerm(text);
            if (text !== undefined && term === undefined) continue;
            const answer = index.page(groups, order, offset, limit, term);
            if (text === undefined) {
              expect(answer).toEqual(expectedPage(model, groups, order, offset, limit));
            } else if (answer === undefined) {
              expect(lowersApart).toBe(true);
            } else {
              for (const found of finders(text)) {
                expect(answer).toEqual(expectedPage(model, groups, order, offset, limit, found));
              }
            }
          }
          for (const { riskLevel, limit, search: text } of mapQueries) {
            const term = text === undefined ? undefined : indexedSearchTerm(text);
            if (text !== undefined && term === undefined) continue;
            const map = pointsOf(index, riskLevel, limit, term);
            if (text === undefined) {
              expect(map).toEqual(expectedPoints(model, riskLevel, limit));
            } else if (map === undefined) {
              expect(lowersApart).toBe(true);
            } else {
              for (const found of finders(text)) expect(map).toEqual(expectedPoints(model, riskLevel, limit, found));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps answering as it grows past its first size and as removed assets come back', async () => {
    const index = await OptionIndex.build(listingOf([]));
    const assets = Array.from({ length: 5_000 }, (_, i) => ({
      id: randomUUID(),
      dateMicros: 1_700_000_000_000_000 + (i % 97) * 1_000,
      optionIds: [i % 3 === 0 ? 1 : 2, 10 + (i % 5)],
      point: { ...KOSOVO, lat: i % 11 === 0 ? null : 42 + i / 10_000, riskLevel: RiskLevel.options[i % 3]! },
    }));
    for (const a of assets) index.upsert(a);
    for (const a of assets.slice(0, 2_000)) index.remove(a.id);
    for (const a of assets.slice(0, 500)) index.upsert(a);
    const model = new Map([...assets.slice(0, 500), ...assets.slice(2_000)].map((a) => [a.id, a]));
    expect(index.page([], 'dateDesc', 0, 0)!.total).toBe(3_500);
    expect(index.page([[1], [10, 11]], 'dateDesc', 100, 20)).toEqual(
      expectedPage(model, [[1], [10, 11]], 'dateDesc', 100, 20),
    );
    expect(index.page([[2]], 'dateAsc', 0, 50)).toEqual(expectedPage(model, [[2]], 'dateAsc', 0, 50));
    for (const [riskLevel, limit] of [
      [undefined, 20],
      [undefined, 4_000],
      ['low', 700],
      ['high', 20_000],
    ] as const) {
      expect(pointsOf(index, riskLevel, limit)).toEqual(expectedPoints(model, riskLevel, limit));
    }
  });

  it('leaves to the database a searched map too large to write out for one answer', async () => {
    const assets = Array.from({ length: 5_000 }, (_, i) => ({
      id: randomUUID(),
      dateMicros: 1_700_000_000_000_000 + i,
      optionIds: [1],
      point: { ...KOSOVO, name: i % 2 ? 'Kulla e Jasharëve' : 'Ura' },
    }));
    const index = await OptionIndex.build(listingOf(assets));
    const model = new Map(assets.map((a) => [a.id, a]));
    const kulla = (a: IndexedAsset) => a.point.name === 'Kulla e Jasharëve';
    expect(pointsOf(index, undefined, 1_000, 'jashareve')).toEqual(expectedPoints(model, undefined, 1_000, kulla));
    expect(index.searchedPoints('a', undefined, 20_000)).toBeUndefined();
  });

  it('finds nothing for an option no asset chose, and tells when it holds mostly removed assets', async () => {
    const assets = Array.from({ length: 4_000 }, () => ({
      id: randomUUID(),
      dateMicros: 1,
      optionIds: [1],
      point: KOSOVO,
    }));
    const index = await OptionIndex.build(listingOf(assets));
    expect(index.page([[1], [404]], 'dateDesc', 0, 20)).toEqual({ ids: [], total: 0 });
    expect(index.page([[1]], 'dateDesc', 0, 20)?.total).toBe(4_000);
    expect(index.wasteful).toBe(false);
    for (const a of assets.slice(0, 1_500)) index.remove(a.id);
    expect(index.wasteful).toBe(true);
  });
});
