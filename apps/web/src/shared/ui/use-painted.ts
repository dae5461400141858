import { useEffect, useState } from 'react';

/**
 * How long after the second frame callback the page counts as on screen. The first frame reaches the
 * screen after that callback, not before it: in headless Chromium 20–40 ms after it, so the map's
 * library, requested at the callback itself, was fetched before the heading had been shown, and on
 * a slow connection (Lighthouse's phone) the heading then waited for it.
 */
const PRESENTATION_ALLOWANCE_MS = 100;

/**
 * False until the browser has painted the component once, then true. Heavy parts that no one reads
 * first (a map library, ~45 KB of script to fetch and run) render behind it, so the page's text
 * reaches the screen before they start loading instead of after.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame's callback runs just before that frame is drawn: the next frame's callback comes after
    // the first frame was drawn, and the allowance covers its way to the screen.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true), PRESENTATION_ALLOWANCE_MS);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
