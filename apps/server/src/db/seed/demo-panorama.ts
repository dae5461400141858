import { encodePng } from './demo-images';
import type { Random } from './random';

/**
 * 360° panoramas for the demo, drawn here as equirectangular images (2:1; the horizon across the
 * middle, the left and right edges meeting behind the viewer). Every shape wraps around that seam,
 * and ridges use whole numbers of waves per turn, so no join shows.
 */
export const PANORAMA_WIDTH = 2048;
export const PANORAMA_HEIGHT = 1024;
const HORIZON = PANORAMA_HEIGHT / 2;

type Rgb = readonly [number, number, number];

class PanoramaCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
    readonly pixels = new Uint8Array(width * height * 3),
  ) {}

  set(x: number, y: number, c: Rgb): void {
    if (y < 0 || y >= this.height) return;
    const wrapped = ((Math.round(x) % this.width) + this.width) % this.width;
    const i = (Math.round(y) * this.width + wrapped) * 3;
    this.pixels[i] = c[0];
    this.pixels[i + 1] = c[1];
    this.pixels[i + 2] = c[2];
  }

  rect(x0: number, y0: number, w: number, h: number, c: Rgb): void {
    for (let y = Math.round(y0); y < Math.round(y0 + h); y++)
      for (let x = Math.round(x0); x < Math.round(x0 + w); x++) this.set(x, y, c);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb): void {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++)
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++)
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, c);
  }

  circle(cx: number, cy: number, r: number, c: Rgb): void {
    this.ellipse(cx, cy, r, r, c);
  }

  /** A triangle standing on the horizontal line at baseY, its apex `height` above the middle. */
  peak(cx: number, baseY: number, halfWidth: number, height: number, c: Rgb): void {
    for (let y = 0; y < height; y++) {
      const w = (halfWidth * (height - y)) / height;
      this.rect(cx - w, baseY - y - 1, w * 2, 1, c);
    }
  }

  /** Fills every column from the height the function gives down to `bottom`. */
  below(top: (x: number) => number, bottom: number, c: Rgb): void {
    for (let x = 0; x < this.width; x++)
      for (let y = Math.max(0, Math.round(top(x))); y < bottom; y++) this.set(x, y, c);
  }

  gradient(y0: number, y1: number, from: Rgb, to: Rgb): void {
    for (let y = y0; y < y1; y++) this.rect(0, y, this.width, 1, mix(from, to, (y - y0) / (y1 - y0)));
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A ridge that closes on itself around the full turn: waves with whole-number frequencies. */
function ridge(rng: Random, base: number, amplitude: number): (x: number) => number {
  const waves = [2, 5, 11].map((f) => ({ f, phase: rng.next() * Math.PI * 2, a: amplitude / Math.sqrt(f) }));
  return (x) =>
    base - waves.reduce((y, w) => y + Math.sin((x / PANORAMA_WIDTH) * Math.PI * 2 * w.f + w.phase) * w.a, 0);
}

/**
 * A waterfall in a wooded gorge (the Mirusha falls), at `time` ∈ [0, 1) of a loop: streaks run down
 * the falls, one spacing per loop, so successive times make a seamless looping 360° video. The same
 * seed gives the same scene at every time.
 */
export function drawWaterfallPanorama(rng: Random, time: number): Buffer {
  const c = new PanoramaCanvas(PANORAMA_WIDTH, PANORAMA_HEIGHT);
  c.gradient(0, HORIZON, [70, 130, 195], [205, 225, 235]);
  for (let i = 0; i < 7; i++) {
    const x = rng.int(0, PANORAMA_WIDTH);
    const y = rng.int(120, 330);
    for (let puff = 0; puff < 4; puff++)
      c.circle(x + puff * 30, y - (puff % 2) * 14, 26 + (puff % 2) * 8, [245, 247, 250]);
  }
  c.below(ridge(rng, HORIZON - 150, 70), HORIZON + 40, [112, 132, 150]);
  c.below(ridge(rng, HORIZON - 60, 40), HORIZON + 60, [70, 110, 70]);
  c.gradient(HORIZON + 60, PANORAMA_HEIGHT, [62, 98, 56], [40, 64, 38]);

  // The falls face the viewer's starting direction (the image's centre).
  const fallsX = PANORAMA_WIDTH / 2 - 40;
  const rockTop = HORIZON - 230;
  c.peak(fallsX + 40, HORIZON + 40, 260, HORIZON + 40 - rockTop, [104, 100, 96]);
  c.rect(fallsX, rockTop + 20, 80, HORIZON + 40 - rockTop - 20, [226, 240, 248]);
  const streakPhase = time * 60;
  for (let s = 0; s < 8; s++)
    for (let y = rockTop + 20 + ((s * 37 + streakPhase) % 60); y < HORIZON + 40; y += 60)
      c.rect(fallsX + 6 + s * 9, y, 4, 24, [140, 180, 210]);
  // The pool, seen from its shore: wide and flat below the horizon.
  c.ellipse(fallsX + 40, HORIZON + 70, 300, 45, [92, 150, 170]);
  c.ellipse(fallsX + 40, HORIZON + 45, 70, 12, [240, 248, 252]);

  for (let i = 0; i < 60; i++) {
    const x = rng.int(0, PANORAMA_WIDTH);
    if (Math.abs(x - (fallsX + 40)) < 330) continue;
    const base = HORIZON + rng.int(50, 160);
    c.peak(x, base, rng.int(16, 26), rng.int(60, 110), [28 + rng.int(0, 20), 84 + rng.int(0, 30), 40]);
  }
  return encodePng(c.width, c.height, c.pixels);
}

/** A city square ringed by houses, a clock tower and a statue on its plinth, under a clear sky. */
export function drawSquarePanorama(rng: Random): Buffer {
  const c = new PanoramaCanvas(PANORAMA_WIDTH, PANORAMA_HEIGHT);
  c.gradient(0, HORIZON, [60, 120, 200], [215, 228, 240]);
  c.circle(rng.int(200, 600), 190, 34, [255, 246, 210]);
  c.gradient(HORIZON, PANORAMA_HEIGHT, [188, 184, 176], [150, 146, 140]);
  // Paving joints run to the viewer's feet: straight lines down the image.
  for (let x = 0; x < PANORAMA_WIDTH; x += 64)
    c.rect(x, HORIZON + 20, 2, PANORAMA_HEIGHT - HORIZON - 20, [164, 160, 152]);

  const facades: Rgb[] = [
    [226, 208, 170],
    [214, 180, 150],
    [236, 228, 210],
    [196, 176, 160],
    [230, 200, 160],
  ];
  for (let x = 0; x < PANORAMA_WIDTH;) {
    const w = rng.int(110, 190);
    const h = rng.int(120, 220);
    const top = HORIZON + 20 - h;
    c.rect(x, top, w - 4, h, rng.pick(facades));
    c.rect(x - 4, top - 10, w + 4, 10, [150, 70, 50]);
    for (let wy = top + 24; wy < HORIZON - 10; wy += 44)
      for (let wx = x + 14; wx < x + w - 30; wx += 34) c.rect(wx, wy, 16, 24, [70, 80, 95]);
    x += w;
  }

  const towerX = PANORAMA_WIDTH * 0.75;
  c.rect(towerX, HORIZON - 320, 60, 340, [210, 196, 170]);
  c.peak(towerX + 30, HORIZON - 320, 42, 70, [120, 60, 40]);
  c.circle(towerX + 30, HORIZON - 270, 20, [245, 240, 225]);

  const statueX = PANORAMA_WIDTH / 2;
  c.rect(statueX - 50, HORIZON - 30, 100, 110, [170, 166, 160]);
  c.rect(statueX - 14, HORIZON - 150, 28, 120, [60, 58, 55]);
  c.circle(statueX, HORIZON - 164, 16, [60, 58, 55]);
  c.rect(statueX - 40, HORIZON - 130, 80, 14, [60, 58, 55]);
  return encodePng(c.width, c.height, c.pixels);
}
