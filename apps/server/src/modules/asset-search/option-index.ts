import type { RiskLevel } from '@trashegimia/contract/assets';
import { lowerBound } from './lower-bound';
import { MapColumns, type MapPoint, type MappedAsset, type RenderedMap, onEarth } from './map-columns';
import { lowersAmbiguously, searchedText } from './search-terms';
import { Turns, sortInSlices } from './sort-in-slices';

/**
 * Which of one dataset's public assets chose each answer option, held in memory as bitsets over
 * "slots" (one per asset), with the slots also kept newest first. A filtered page is then a few
 * word-wise ORs and ANDs, a population count for its total and a walk along the date order until
 * the page is full: microseconds, where the database's GIN scan intersects posting lists of tens of
 * thousands of assets and then reads every match to sort and count it. Each slot also holds what
 * the dataset's map shows of its asset, so that the map, whole or by risk level, is a walk along
 * the same order, where the database sorts and writes out tens of thousands of rows. A text search
 * (text-search.ts's indexedSearchTerm) is one more bitset, of the assets whose name, municipality or
 * village holds it, kept up to date with every change for the searches asked recently.
 *
 * The order is sql-search.ts's `date desc, id desc` (and its exact reverse, `date asc, id asc`):
 * dates are kept to the microsecond and ids compared byte by byte, as the database compares them.
 */

/** One asset as the index keeps it. */
export type IndexedAsset = {
  id: string;
  /** The asset's date in microseconds since 1970, as the database keeps it (exact in a double). */
  dateMicros: number;
  optionIds: readonly number[];
  point: MapPoint;
};

/** A dataset's assets as the index is built from them: column by column, asset i at place i of each. */
export type AssetListing = {
  count: number;
  /** 16 bytes per asset: its uuid. */
  ids: Uint8Array;
  /** Microseconds since 1970. */
  dates: Float64Array;
  /** Asset i chose optionIds[optionStarts[i]] … optionIds[optionStarts[i + 1] - 1]. */
  optionStarts: Int32Array;
  optionIds: Int32Array;
  /** Asset i's map point. */
  points: MapPoint[];
};

export type IndexOrder = 'dateDesc' | 'dateAsc';

export type IndexedPage = { ids: string[]; total: number };

export const ID_BYTES = 16;
const MIN_CAPACITY = 1_024;
/** How many assets a build reads between two looks at the clock. */
const BUILD_STEP = 64;
/**
 * Up to this many matches are sorted rather than found by walking the date order, which for a few
 * matches among 200,000 assets would visit most of them.
 */
const FEW_MATCHES = 256;
/** A removed asset leaves its slot behind; past this share of dead slots the index is worth building again. */
const MAX_DEAD_SHARE = 0.25;
/**
 * What the searches kept up to date, the most recently asked, may take: a bit per asset each (about
 * 400 searches of 30,000 assets, 50 of 250,000), and each change of an asset looks at its folded text
 * once per search kept. A search not kept looks at every asset of the dataset (about 2 ms for 30,000).
 */
const SEARCH_BYTES = 2 * 1024 * 1024;
/**
 * A searched map is written out whole for each answer, at about 2 µs a point on the event loop that
 * every visitor waits on: a search matching more than this many points is the database's to write.
 */
const MAX_SEARCHED_POINTS = 4_096;

export class OptionIndex {
  #capacity: number;
  /** Slots handed out, the dead ones included. */
  #size: number;
  #liveCount: number;
  /** Slot i's uuid in bytes 16i…16i+15; one spare slot past the capacity holds an id being looked up. */
  #ids: Uint8Array;
  #dates: Float64Array;
  #live: Uint32Array;
  #byOption = new Map<number, Uint32Array>();
  /** Slot i's asset as its map shows it. */
  #points: MappedAsset[] = [];
  #map: MapColumns;
  /** Live slots, newest first. */
  #byDate: SortedSlots;
  /** Live slots by id, to find an asset's slot. */
  #byId: SortedSlots;
  #scratch: Uint32Array;
  /** Per search term, the slots that hold it; the least recently asked go first. */
  #searches = new Map<string, Uint32Array>();
  /** Slot i's searched columns as searchedText writes them, once a search has looked at it. */
  #searchTexts: (string | undefined)[] = [];
  /** Live slots whose text databases lower differently (lowersAmbiguously): while any, searches are the database's. */
  #ambiguous = new Set<number>();

  /**
   * The index of the listing's assets, built in turns (`turns`), so that building a large
   * dataset's index never holds up the requests waiting meanwhile.
   */
  static async build(listing: AssetListing, turns = new Turns()): Promise<OptionIndex> {
    const { count } = listing;
    const index = new OptionIndex(count);
    index.#ids.set(listing.ids.subarray(0, count * ID_BYTES));
    index.#dates.set(listing.dates.subarray(0, count));
    for (let start = 0; start < count; start += BUILD_STEP) {
      index.#fill(listing, start, Math.min(count, start + BUILD_STEP));
      if (turns.due) await turns.pause();
    }
    await index.#byDate.fill(count, turns);
    await index.#byId.fill(count, turns);
    const byDate = Array.from(index.#byDate.slots.subarray(0, count), (slot) => index.#points[slot]!);
    await index.#map.fill(byDate, turns);
    return index;
  }

  private constructor(count: number) {
    this.#capacity = Math.max(MIN_CAPACITY, Math.ceil(count * 1.25));
    this.#size = count;
    this.#liveCount = count;
    this.#ids = new Uint8Array((this.#capacity + 1) * ID_BYTES);
    this.#dates = new Float64Array(this.#capacity);
    this.#live = new Uint32Array(this.#words);
    this.#scratch = new Uint32Array(this.#words);
    this.#byDate = new SortedSlots(this.#capacity, (a, b) => this.#compareDates(a, b));
    this.#byId = new SortedSlots(this.#capacity, (a, b) => this.#compareIds(a, b));
    this.#map = new MapColumns(compareMapped);
  }

  /** Slots `start`…`end`-1 from the listing: their map points, options and liveness. */
  #fill(listing: AssetListing, start: number, end: number) {
    for (let slot = start; slot < end; slot++) {
      this.#points[slot] = mappedAsset(this.#idOf(slot), this.#dates[slot]!, listing.points[slot]!);
      if (lowersAmbiguously(searchedColumns(listing.points[slot]!))) this.#ambiguous.add(slot);
      this.#live[slot >>> 5]! |= 1 << (slot & 31);
      for (let i = listing.optionStarts[slot]!; i < listing.optionStarts[slot + 1]!; i++) {
        this.#setOption(slot, listing.optionIds[i]!);
      }
    }
  }

  /** Whether so many slots are dead that building it again is worth it. */
  get wasteful(): boolean {
    return this.#size - this.#liveCount > Math.max(MIN_CAPACITY, this.#size * MAX_DEAD_SHARE);
  }

  /** Adds the asset, or brings it up to date. */
  upsert(asset: IndexedAsset): void {
    let slot = this.#slotOf(asset.id);
    if (slot < 0) {
      if (this.#size === this.#capacity) this.#grow();
      slot = this.#size++;
      writeId(this.#ids, slot, asset.id);
      this.#dates[slot] = asset.dateMicros;
      this.#live[slot >>> 5]! |= 1 << (slot & 31);
      this.#liveCount++;
      this.#byDate.insert(slot);
      this.#byId.insert(slot);
    } else {
      if (this.#dates[slot] !== asset.dateMicros) {
        this.#byDate.remove(slot);
        this.#dates[slot] = asset.dateMicros;
        this.#byDate.insert(slot);
      }
      this.#clearOptions(slot);
    }
    const before = this.#points[slot];
    if (before) this.#map.remove(before);
    const mapped = mappedAsset(asset.id, asset.dateMicros, asset.point);
    this.#points[slot] = mapped;
    this.#map.add(mapped);
    for (const optionId of asset.optionIds) this.#setOption(slot, optionId);
    this.#searchTexts[slot] = undefined;
    if (lowersAmbiguously(searchedColumns(mapped))) this.#ambiguous.add(slot);
    else this.#ambiguous.delete(slot);
    for (const [term, bits] of this.#searches) {
      if (this.#searchTextOf(slot).includes(term)) bits[slot >>> 5]! |= 1 << (slot & 31);
      else bits[slot >>> 5]! &= ~(1 << (slot & 31));
    }
  }

  remove(id: string): void {
    const slot = this.#slotOf(id);
    if (slot < 0) return;
    this.#map.remove(this.#points[slot]!);
    this.#byId.remove(slot);
    this.#byDate.remove(slot);
    this.#clearOptions(slot);
    this.#live[slot >>> 5]! &= ~(1 << (slot & 31));
    this.#liveCount--;
    this.#ambiguous.delete(slot);
    this.#searchTexts[slot] = undefined;
    for (const bits of this.#searches.values()) bits[slot >>> 5]! &= ~(1 << (slot & 31));
  }

  /**
   * The assets with coordinates on Earth, of `riskLevel` if given, newest first: the first `limit`
   * as the map's columns (points.repo.ts writes the same from the database), and how many in all.
   */
  points(riskLevel: RiskLevel | undefined, limit: number): RenderedMap {
    return this.#map.render(riskLevel, limit);
  }

  /** The same map of the assets holding `term`; undefined when the database is to answer the search. */
  searchedPoints(term: string, riskLevel: RiskLevel | undefined, limit: number): RenderedMap | undefined {
    const bits = this.#searched(term);
    if (!bits) return undefined;
    const shown: MappedAsset[] = [];
    let total = 0;
    const byDate = this.#byDate.slots;
    for (let i = 0; i < this.#liveCount; i++) {
      const slot = byDate[i]!;
      if ((bits[slot >>> 5]! & (1 << (slot & 31))) === 0) continue;
      const asset = this.#points[slot]!;
      if (!onEarth(asset) || (riskLevel !== undefined && asset.riskLevel !== riskLevel)) continue;
      total++;
      if (shown.length < limit) {
        if (shown.length === MAX_SEARCHED_POINTS) return undefined;
        shown.push(asset);
      }
    }
    return { parts: new MapColumns(compareMapped, shown).render(undefined, limit).parts, total };
  }

  /**
   * The ids of one page of the assets that chose at least one option of every group (AND across
   * groups, OR within one) and hold `term` if given, in `order`, and how many match in all.
   * Undefined when the database is to answer the search.
   */
  page(
    groups: readonly (readonly number[])[],
    order: IndexOrder,
    offset: number,
    limit: number,
    term?: string,
  ): IndexedPage | undefined {
    const words = (this.#size + 31) >>> 5;
    const matches = this.#live.slice(0, words);
    if (term !== undefined) {
      const bits = this.#searched(term);
      if (!bits) return undefined;
      for (let w = 0; w < words; w++) matches[w]! &= bits[w]!;
    }
    for (const group of groups) this.#keepAnyOf(matches, group, words);
    let total = 0;
    for (let w = 0; w < words; w++) total += popcount(matches[w]!);

    const slots =
      total <= FEW_MATCHES ? this.#sorted(matches, words, order) : this.#walk(matches, order, offset + limit);
    return { ids: slots.slice(offset, offset + limit).map((slot) => this.#idOf(slot)), total };
  }

  /** The matching slots in order, found bit by bit and sorted: for a few matches among many assets. */
  #sorted(matches: Uint32Array, words: number, order: IndexOrder): number[] {
    const slots: number[] = [];
    for (let w = 0; w < words; w++) {
      for (let bits = matches[w]!; bits !== 0; bits &= bits - 1) slots.push(w * 32 + (31 - Math.clz32(bits & -bits)));
    }
    slots.sort((a, b) => this.#compareDates(a, b));
    return order === 'dateDesc' ? slots : slots.reverse();
  }

  /** The first `count` matching slots, walking down the date order: for many matches, found after a short walk. */
  #walk(matches: Uint32Array, order: IndexOrder, count: number): number[] {
    const slots: number[] = [];
    const byDate = this.#byDate.slots;
    const last = this.#liveCount - 1;
    for (let i = 0; i <= last && slots.length < count; i++) {
      const slot = byDate[order === 'dateDesc' ? i : last - i]!;
      if ((matches[slot >>> 5]! & (1 << (slot & 31))) !== 0) slots.push(slot);
    }
    return slots;
  }

  /** Leaves in `matches` only the slots that chose one of `optionIds`. */
  #keepAnyOf(matches: Uint32Array, optionIds: readonly number[], words: number) {
    const any = this.#scratch;
    any.fill(0, 0, words);
    for (const optionId of optionIds) {
      const bits = this.#byOption.get(optionId);
      if (bits) for (let w = 0; w < words; w++) any[w]! |= bits[w]!;
    }
    for (let w = 0; w < words; w++) matches[w]! &= any[w]!;
  }

  get #words() {
    return (this.#capacity + 31) >>> 5;
  }

  /** The slots holding the term, kept from here on; undefined while an asset's text is lowered differently by databases. */
  #searched(term: string): Uint32Array | undefined {
    if (this.#ambiguous.size > 0) return undefined;
    let bits = this.#searches.get(term);
    if (bits) {
      this.#searches.delete(term);
    } else {
      bits = new Uint32Array(this.#words);
      const byDate = this.#byDate.slots;
      for (let i = 0; i < this.#liveCount; i++) {
        const slot = byDate[i]!;
        if (this.#searchTextOf(slot).includes(term)) bits[slot >>> 5]! |= 1 << (slot & 31);
      }
      while (this.#searches.size > 0 && (this.#searches.size + 1) * bits.byteLength > SEARCH_BYTES) {
        this.#searches.delete(this.#searches.keys().next().value as string);
      }
    }
    this.#searches.set(term, bits);
    return bits;
  }

  #searchTextOf(slot: number): string {
    return (this.#searchTexts[slot] ??= searchedText(searchedColumns(this.#points[slot]!)));
  }

  #setOption(slot: number, optionId: number) {
    let bits = this.#byOption.get(optionId);
    if (!bits) this.#byOption.set(optionId, (bits = new Uint32Array(this.#words)));
    bits[slot >>> 5]! |= 1 << (slot & 31);
  }

  #clearOptions(slot: number) {
    const mask = ~(1 << (slot & 31));
    for (const bits of this.#byOption.values()) bits[slot >>> 5]! &= mask;
  }

  #grow() {
    const capacity = Math.ceil(this.#capacity * 1.5);
    const words = (capacity + 31) >>> 5;
    this.#ids = grown(this.#ids, (capacity + 1) * ID_BYTES);
    this.#dates = grown(this.#dates, capacity);
    this.#live = grown(this.#live, words);
    this.#scratch = new Uint32Array(words);
    for (const [optionId, bits] of this.#byOption) this.#byOption.set(optionId, grown(bits, words));
    for (const [term, bits] of this.#searches) this.#searches.set(term, grown(bits, words));
    this.#byDate.grow(capacity);
    this.#byId.grow(capacity);
    this.#capacity = capacity;
  }

  /** The live slot of the asset, or -1. */
  #slotOf(id: string): number {
    const probe = this.#capacity;
    writeId(this.#ids, probe, id);
    return this.#byId.find(probe);
  }

  #idOf(slot: number): string {
    const hex = Buffer.from(this.#ids.buffer, this.#ids.byteOffset + slot * ID_BYTES, ID_BYTES).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** As the database compares uuids: byte by byte. */
  #compareIds(a: number, b: number): number {
    const ids = this.#ids;
    for (let i = 0, x = a * ID_BYTES, y = b * ID_BYTES; i < ID_BYTES; i++, x++, y++) {
      if (ids[x] !== ids[y]) return ids[x]! - ids[y]!;
    }
    return 0;
  }

  /** Newest first, then the greater id first: `order by date desc, id desc`. */
  #compareDates(a: number, b: number): number {
    const dates = this.#dates;
    if (dates[a] !== dates[b]) return dates[b]! - dates[a]!;
    return this.#compareIds(b, a);
  }
}

/** Slots kept sorted by a comparison of slots, each at most once: found by binary search, moved with copyWithin. */
class SortedSlots {
  slots: Int32Array;
  #length = 0;

  constructor(
    capacity: number,
    private readonly compare: (a: number, b: number) => number,
  ) {
    this.slots = new Int32Array(capacity);
  }

  /** Holds slots 0…count-1, sorted in slices (sortInSlices). */
  async fill(count: number, turns: Turns) {
    for (let slot = 0; slot < count; slot++) this.slots[slot] = slot;
    await sortInSlices(this.slots.subarray(0, count), this.compare, turns);
    this.#length = count;
  }

  grow(capacity: number) {
    this.slots = grown(this.slots, capacity);
  }

  insert(slot: number) {
    const at = this.#lowerBound(slot);
    this.slots.copyWithin(at + 1, at, this.#length);
    this.slots[at] = slot;
    this.#length++;
  }

  remove(slot: number) {
    const at = this.#lowerBound(slot);
    if (at >= this.#length || this.slots[at] !== slot) return;
    this.slots.copyWithin(at, at + 1, this.#length);
    this.#length--;
  }

  /** The slot held that compares equal to `probe`, or -1. */
  find(probe: number): number {
    const at = this.#lowerBound(probe);
    return at < this.#length && this.compare(this.slots[at]!, probe) === 0 ? this.slots[at]! : -1;
  }

  /** The first place whose slot does not compare below `slot`. */
  #lowerBound(slot: number): number {
    return lowerBound(this.#length, (at) => this.compare(this.slots[at]!, slot) < 0);
  }
}

/** A copy of `array` at a new length. */
function grown<T extends Uint8Array | Int32Array | Uint32Array | Float64Array>(array: T, length: number): T {
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array.subarray(0, Math.min(array.length, length)));
  return copy;
}

/** Written out field by field, so that every asset shares one shape (a spread object takes more memory). */
function mappedAsset(id: string, dateMicros: number, point: MapPoint): MappedAsset {
  const { lat, lng, name, municipality, village, risk, riskLevel } = point;
  return { id, dateMicros, lat, lng, name, municipality, village, risk, riskLevel };
}

/** The map's order, as the database's `date desc, id desc`: a uuid's text sorts as its bytes do. */
function compareMapped(a: MappedAsset, b: MappedAsset): number {
  if (a.dateMicros !== b.dateMicros) return b.dateMicros - a.dateMicros;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function writeId(ids: Uint8Array, slot: number, id: string) {
  ids.set(Buffer.from(id.replaceAll('-', ''), 'hex'), slot * ID_BYTES);
}

/** Set bits in a 32-bit word. */
function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The columns a search looks in, as criteria.ts's assetWhere searches. */
const searchedColumns = ({ name, municipality, village }: MapPoint) => [name, municipality, village];
