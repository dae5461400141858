import { useEffect, useState } from 'react';

/**
 * Rows one frame may add. On a two-core machine a frame adding five rows of a few fields, with its
 * own drawing, stays well under 50 ms of main-thread work; at 60 frames a second 200 rows arrive in
 * about 0.7 s, those in view within the first frames.
 */
export const ROWS_PER_FRAME = 5;

/**
 * How many rows of a long list (given by their keys, in order) to draw now. Rows already drawn stay
 * drawn while the list still starts with them; the others arrive ROWS_PER_FRAME a frame. Showing
 * 200 more rows, or a filter that changes them all, then answers at once with the first of them
 * and never holds the page in one long task.
 */
export const useRowsDrawn = (keys: readonly string[]) => {
  const [drawn, setDrawn] = useState<readonly string[]>([]);
  let kept = 0;
  while (kept < drawn.length && kept < keys.length && drawn[kept] === keys[kept]) kept += 1;
  const count = Math.min(keys.length, kept + ROWS_PER_FRAME);

  useEffect(() => {
    if (count <= kept) return;
    // Recorded a frame later, once these rows are on screen: the next render adds the next rows.
    const frame = requestAnimationFrame(() => setDrawn(keys.slice(0, count)));
    return () => cancelAnimationFrame(frame);
  }, [keys, count, kept]);

  return count;
};
