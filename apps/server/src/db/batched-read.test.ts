import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read';

/** Rows asked for at the same moment are read in one statement: each page would otherwise cost a round trip per row. */
describe('batchedRead', () => {
  it('reads the keys asked for at the same moment together, each once, and answers every caller', async () => {
    const batches: string[][] = [];
    const read = batchedRead(async (keys: string[]) => {
      batches.push(keys);
      return new Map(keys.filter((key) => key !== 'gone').map((key) => [key, key.toUpperCase()]));
    });

    expect(await Promise.all(['a', 'b', 'a', 'gone'].map(read))).toEqual(['A', 'B', 'A', undefined]);
    expect(await read('c')).toBe('C');
    expect(batches).toEqual([['a', 'b', 'gone'], ['c']]);
  });

  it('fails every caller of a batch whose read fails, and reads the next batch anew', async () => {
    let fail = true;
    const read = batchedRead(async (keys: string[]) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, key]));
    });

    const failed = await Promise.allSettled([read('a'), read('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toBe('a');

    const throwing = batchedRead((): Promise<Map<string, string>> => {
      throw new Error('statement could not be built');
    });
    await expect(throwing('a')).rejects.toThrow('statement could not be built');
  });
});
