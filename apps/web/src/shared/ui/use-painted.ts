import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the component once, then true. Heavy parts that no one reads
 * first (a map library, ~45 KB of script to fetch and run) render behind it, so the page's text
 * reaches the screen before they start loading instead of after.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame's callback runs just before that frame is drawn, and the frame reaches the screen a
    // little later: the next frame's callback comes after the first frame was shown.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}
