import { describe, expect, it } from 'vitest';
import { sortInSlices } from './sort-in-slices';

describe('sortInSlices', () => {
  it('sorts as the native sort does, pausing between slices so that requests are served meanwhile', async () => {
    for (const length of [0, 1, 5, 16_384, 16_385, 100_000]) {
      const keys = Float64Array.from({ length }, () => Math.floor(Math.random() * 1_000));
      // Ties broken by the value itself, as the index's orders break them by id: a total order.
      const compare = (a: number, b: number) => keys[b]! - keys[a]! || a - b;
      const values = Int32Array.from({ length }, (_, i) => i).reverse();
      const expected = Int32Array.from(values).sort(compare);
      let pauses = 0;
      await sortInSlices(values, compare, async () => void pauses++);
      expect(values).toEqual(expected);
      if (length > 16_384) expect(pauses).toBeGreaterThan(2);
    }
  });
});
