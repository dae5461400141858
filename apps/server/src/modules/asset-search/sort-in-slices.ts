/** Lets the event loop serve what waits (requests, health checks) before work goes on. */
export type Pause = () => Promise<void>;

export const pauseForEvents: Pause = () => new Promise((resolve) => setImmediate(resolve));

/**
 * How long long work may hold the event loop at a time. A request takes several turns of the loop
 * (its socket, its database call, its reply), and waits behind the work at each.
 */
const TURN_MS = 3;

/**
 * Long work on the thread that serves every request (building an index) asks `due` every few items
 * and, when true, awaits `pause()`. Turns are measured in time, not in items, since an item's cost
 * varies tenfold with the machine, its load and the garbage collector.
 */
export class Turns {
  #started: number;

  constructor(
    private readonly waitForEvents: Pause = pauseForEvents,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#started = now();
  }

  get due(): boolean {
    return this.now() - this.#started >= TURN_MS;
  }

  async pause(): Promise<void> {
    await this.waitForEvents();
    this.#started = this.now();
  }
}

/** Values sorted natively at a time, and merged between two looks at the clock. */
const RUN = 4_096;

/**
 * Sorts `values` in place by `compare` as a native sort would, in turns (`turns`): runs of RUN
 * values are sorted natively, then merged pairwise, pass after pass. Sorting a million asset slots
 * at once held the event loop for a third of a second.
 */
export async function sortInSlices(
  values: Int32Array,
  compare: (a: number, b: number) => number,
  turns: Turns,
): Promise<void> {
  const length = values.length;
  for (let start = 0; start < length; start += RUN) {
    values.subarray(start, Math.min(length, start + RUN)).sort(compare);
    if (turns.due) await turns.pause();
  }
  let from = values;
  let to: Int32Array = new Int32Array(length);
  for (let width = RUN; width < length; width *= 2) {
    for (let left = 0; left < length; left += 2 * width) {
      const middle = Math.min(left + width, length);
      const right = Math.min(left + 2 * width, length);
      let i = left;
      let j = middle;
      for (let k = left; k < right; k++) {
        to[k] = j >= right || (i < middle && compare(from[i]!, from[j]!) <= 0) ? from[i++]! : from[j++]!;
        if (k % RUN === 0 && turns.due) await turns.pause();
      }
    }
    [from, to] = [to, from];
  }
  if (from !== values) values.set(from);
}
