import { useEffect, useRef, useState } from 'react';

/**
 * A text filter kept in the address but typed in a box: the box shows the typing, and the trimmed
 * text goes to `onSettled` once typing pauses for `delayMs` (one request per pause, not per key).
 * When the address changes from elsewhere (back, forward, clear filters) the box shows its value
 * and typing not yet sent is dropped; the address catching up with what was sent changes nothing,
 * so typing on meanwhile is kept.
 */
export function useTypedFilter(value: string, onSettled: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const [sentText, setSentText] = useState<string | null>(null);
  const [overruled, setOverruled] = useState(0);
  if (value !== seenValue) {
    setSeenValue(value);
    setSentText(null);
    if (value !== sentText) {
      setText(value);
      setOverruled((count) => count + 1);
    }
  }

  // What the timer sends to, and compares with, when it fires: the latest, not those of the keystroke.
  const latest = useRef({ value, onSettled });
  useEffect(() => {
    latest.current = { value, onSettled };
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), [overruled]);

  const changeText = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const settled = next.trim();
      if (settled === latest.current.value) return;
      setSentText(settled);
      latest.current.onSettled(settled);
    }, delayMs);
  };

  return { text, changeText };
}
