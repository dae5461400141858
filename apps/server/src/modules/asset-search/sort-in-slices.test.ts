import { describe, expect, it } from 'vitest';
import { Turns, sortInSlices } from './sort-in-slices';

describe('sortInSlices', () => {
  it('sorts as the native sort does, pausing between turns so that requests are served meanwhile', async () => {
    for (const length of [0, 1, 5, 4_096, 4_097, 100_000]) {
      const keys = Float64Array.from({ length }, () => Math.floor(Math.random() * 1_000));
      // Ties broken by the value itself, as the index's orders break them by id: a total order.
      const compare = (a: number, b: number) => keys[b]! - keys[a]! || a - b;
      const values = Int32Array.from({ length }, (_, i) => i).reverse();
      const expected = Int32Array.from(values).sort(compare);
      let pauses = 0;
      // A clock that moves a millisecond each time it is read: a turn is over every third look.
      let now = 0;
      await sortInSlices(
        values,
        compare,
        new Turns(
          async () => void pauses++,
          () => now++,
        ),
      );
      expect(values).toEqual(expected);
      if (length === 100_000) expect(pauses).toBeGreaterThan(2);
    }
  });
});

describe('Turns', () => {
  it('is due once its turn has lasted 3 ms, and starts a new turn after each pause', async () => {
    let now = 0;
    let pauses = 0;
    const turns = new Turns(
      async () => void pauses++,
      () => now,
    );
    now = 2.9;
    expect(turns.due).toBe(false);
    now = 3;
    expect(turns.due).toBe(true);
    await turns.pause();
    expect(pauses).toBe(1);
    expect(turns.due).toBe(false);
  });
});
