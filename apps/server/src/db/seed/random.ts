/**
 * A seeded pseudo-random generator (mulberry32), so the demo is the same on every start and in
 * every test; Math.random would make each installation's demo different and tests flaky.
 */
export type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Items chosen by weight, e.g. weighted([['a', 3], ['b', 1]]). */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
  /** A few distinct items, in the order they appear in `items`. */
  some: <T>(items: readonly T[], min: number, max: number) => T[];
  uuid: () => string;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: (entries) => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [item, weight] of entries) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return pick(entries)[0];
    },
    some: (items, min, max) => {
      const count = Math.min(items.length, int(min, max));
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(int(0, items.length - 1));
      return items.filter((_, i) => chosen.has(i));
    },
    // Shaped as a version-4 UUID so it fits uuid columns and looks like what devices send.
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16));
      hex[12] = '4';
      hex[16] = ((int(0, 15) & 0x3) | 0x8).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}
