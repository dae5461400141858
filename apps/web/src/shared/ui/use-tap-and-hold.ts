import { useEffect, useRef, type PointerEvent } from 'react';
import { TAP_AND_HOLD_MS } from '@/shared/config/constants';

/** A finger that drifts further than this is scrolling, not holding. */
const HOLD_DRIFT_PX = 10;

/**
 * Pointer handlers for an element that calls `onHold` once a finger or pen stays down on it for
 * TAP_AND_HOLD_MS without drifting away. A mouse can hover instead (`title`), so it is left out.
 */
export const useTapAndHold = (onHold: () => void) => {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pressedAt = useRef({ x: 0, y: 0 });
  const release = () => clearTimeout(timer.current);
  useEffect(() => release, []);

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      release();
      pressedAt.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(onHold, TAP_AND_HOLD_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const drift = Math.hypot(event.clientX - pressedAt.current.x, event.clientY - pressedAt.current.y);
      if (drift > HOLD_DRIFT_PX) release();
    },
    onPointerUp: release,
    onPointerCancel: release,
    onPointerLeave: release,
  };
};
