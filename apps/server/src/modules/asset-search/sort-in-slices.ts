/** Lets the event loop serve what waits (requests, health checks) before work goes on. */
export type Pause = () => Promise<void>;

export const pauseForEvents: Pause = () => new Promise((resolve) => setImmediate(resolve));

/** How many values are sorted, or merged, between two pauses: a few milliseconds of work. */
const SLICE = 16_384;

/**
 * Sorts `values` in place by `compare` as a native sort would, in slices between which it pauses:
 * runs of SLICE values are sorted natively, then merged pairwise, pass after pass. Sorting a
 * million asset slots at once held the event loop for a third of a second.
 */
export async function sortInSlices(
  values: Int32Array,
  compare: (a: number, b: number) => number,
  pause: Pause,
): Promise<void> {
  const length = values.length;
  for (let start = 0; start < length; start += SLICE) {
    values.subarray(start, Math.min(length, start + SLICE)).sort(compare);
    await pause();
  }
  let from = values;
  let to: Int32Array = new Int32Array(length);
  let sinceLastPause = 0;
  for (let width = SLICE; width < length; width *= 2) {
    for (let left = 0; left < length; left += 2 * width) {
      const middle = Math.min(left + width, length);
      const right = Math.min(left + 2 * width, length);
      let i = left;
      let j = middle;
      for (let k = left; k < right; k++) {
        to[k] = j >= right || (i < middle && compare(from[i]!, from[j]!) <= 0) ? from[i++]! : from[j++]!;
      }
      sinceLastPause += right - left;
      if (sinceLastPause >= SLICE) {
        sinceLastPause = 0;
        await pause();
      }
    }
    [from, to] = [to, from];
  }
  if (from !== values) values.set(from);
}
