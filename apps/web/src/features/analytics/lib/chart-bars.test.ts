import { describe, expect, it } from 'vitest';
import { riskBars, topBars } from './chart-bars';

const options = {
  top: 3,
  otherLabel: 'Other',
  color: '#8b4513',
  labelOf: (value: string | null) => value ?? 'Not recorded',
};
const bucket = (value: string | null, count: number) => ({ value, count });

describe('topBars', () => {
  it("draws the largest buckets and sums the rest into one 'Other' bar", () => {
    const bars = topBars(
      [bucket('Pejë', 9), bucket('Prizren', 7), bucket(null, 5), bucket('Gjakovë', 2), bucket('Deçan', 1)],
      options,
    );
    expect(bars.map(({ label, count }) => [label, count])).toEqual([
      ['Pejë', 9],
      ['Prizren', 7],
      ['Not recorded', 5],
      ['Other', 3],
    ]);
    expect(new Set(bars.map((bar) => bar.key)).size).toBe(bars.length);
  });

  it("names a single leftover bucket instead of hiding it under 'Other'", () => {
    const bars = topBars([bucket('a', 4), bucket('b', 3), bucket('c', 2), bucket('d', 1)], options);
    expect(bars.map((bar) => bar.label)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("keeps a value called 'other' apart from the 'Other' bar", () => {
    const buckets = [bucket('other', 5), bucket('b', 4), bucket('c', 3), bucket('d', 2), bucket('e', 1)];
    const keys = topBars(buckets, options).map((bar) => bar.key);
    expect(new Set(keys).size).toBe(4);
  });
});

describe('riskBars', () => {
  it('lists high, medium and low in that order, in their colours, with zero for a missing level', () => {
    const bars = riskBars(
      [
        { value: 'low', count: 4 },
        { value: 'high', count: 2 },
      ],
      { labelOf: (level) => level.toUpperCase(), colors: { high: 'red', medium: 'orange', low: 'yellow' } },
    );
    expect(bars.map(({ label, count, color }) => [label, count, color])).toEqual([
      ['HIGH', 2, 'red'],
      ['MEDIUM', 0, 'orange'],
      ['LOW', 4, 'yellow'],
    ]);
  });
});
