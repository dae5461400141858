import { describe, expect, it } from 'vitest';
import { MAX_MARKER_RADIUS_PX, MIN_MARKER_RADIUS_PX, markerRadiusPx } from './marker-radius';

describe('markerRadiusPx', () => {
  it('draws 800 m on the ground where that is a visible size', () => {
    // At zoom 10 over Prishtina a pixel is about 112 m: 800 m is about 7 px.
    expect(markerRadiusPx(10)).toBeCloseTo(7.1, 1);
  });

  it('keeps a point visible at country zoom and small enough in a town', () => {
    expect(markerRadiusPx(8)).toBe(MIN_MARKER_RADIUS_PX);
    expect(markerRadiusPx(19)).toBe(MAX_MARKER_RADIUS_PX);
  });
});
