import { deflateSync } from 'node:zlib';
import type { DatasetKey } from './demo-datasets';
import type { Random } from './random';

/**
 * Sample photos drawn here rather than downloaded: a landscape in the category's colours with a
 * silhouette of what the category documents. Flat shapes and row gradients compress to a few
 * kilobytes each, so the demo's media stays small.
 */
const WIDTH = 480;
const HEIGHT = 320;

type Rgb = readonly [number, number, number];

type Palette = { skyTop: Rgb; skyBottom: Rgb; sun: Rgb; far: Rgb; near: Rgb; motif: Rgb; accent: Rgb };

const PALETTES: Record<DatasetKey, Palette> = {
  monuments: {
    skyTop: [94, 140, 196],
    skyBottom: [236, 214, 180],
    sun: [255, 236, 190],
    far: [120, 130, 150],
    near: [96, 122, 74],
    motif: [206, 190, 160],
    accent: [139, 69, 19],
  },
  archaeology: {
    skyTop: [120, 160, 200],
    skyBottom: [245, 222, 179],
    sun: [255, 240, 200],
    far: [160, 140, 120],
    near: [181, 150, 98],
    motif: [225, 214, 190],
    accent: [181, 101, 29],
  },
  events: {
    skyTop: [28, 30, 70],
    skyBottom: [150, 60, 90],
    sun: [255, 250, 230],
    far: [60, 50, 90],
    near: [40, 34, 50],
    motif: [20, 18, 28],
    accent: [192, 57, 43],
  },
  landscapes: {
    skyTop: [80, 150, 210],
    skyBottom: [200, 230, 240],
    sun: [255, 250, 220],
    far: [110, 140, 170],
    near: [46, 125, 50],
    motif: [225, 240, 250],
    accent: [27, 94, 32],
  },
  publicSpaces: {
    skyTop: [70, 130, 200],
    skyBottom: [220, 228, 236],
    sun: [255, 245, 210],
    far: [150, 160, 175],
    near: [170, 170, 165],
    motif: [120, 110, 100],
    accent: [31, 111, 178],
  },
  creative: {
    skyTop: [90, 70, 140],
    skyBottom: [240, 200, 170],
    sun: [255, 230, 200],
    far: [130, 110, 150],
    near: [110, 90, 110],
    motif: [235, 225, 215],
    accent: [123, 63, 160],
  },
};

class Canvas {
  readonly pixels = new Uint8Array(WIDTH * HEIGHT * 3);

  set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 3;
    this.pixels[i] = c[0];
    this.pixels[i + 1] = c[1];
    this.pixels[i + 2] = c[2];
  }

  rect(x0: number, y0: number, w: number, h: number, c: Rgb): void {
    for (let y = Math.round(y0); y < Math.round(y0 + h); y++)
      for (let x = Math.round(x0); x < Math.round(x0 + w); x++) this.set(x, y, c);
  }

  circle(cx: number, cy: number, r: number, c: Rgb): void {
    for (let y = Math.floor(cy - r); y <= cy + r; y++)
      for (let x = Math.floor(cx - r); x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, c);
  }

  /** Triangle with its apex at (ax, ay) and a horizontal base from x0 to x1 at baseY, above or below. */
  gable(ax: number, ay: number, x0: number, x1: number, baseY: number, c: Rgb): void {
    for (let y = Math.round(Math.min(ay, baseY)); y < Math.max(ay, baseY); y++) {
      const t = (y - ay) / (baseY - ay);
      this.rect(ax + (x0 - ax) * t, y, (x1 - x0) * t, 1, c);
    }
  }

  /** Fills every column below the height the function gives. */
  below(height: (x: number) => number, c: Rgb): void {
    for (let x = 0; x < WIDTH; x++) for (let y = Math.max(0, Math.round(height(x))); y < HEIGHT; y++) this.set(x, y, c);
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A ridge line: a few sine waves with random phases. */
function ridge(rng: Random, base: number, amplitude: number): (x: number) => number {
  const waves = [1, 2.3, 5.1].map((f) => ({ f, phase: rng.next() * Math.PI * 2, a: amplitude / f }));
  return (x) => base + waves.reduce((y, w) => y + Math.sin((x / WIDTH) * Math.PI * w.f + w.phase) * w.a, 0);
}

const MOTIFS: Record<DatasetKey, (c: Canvas, p: Palette, rng: Random, ground: number) => void> = {
  // A kulla: a tall stone tower house with loopholes and a hipped roof.
  monuments: (c, p, rng, ground) => {
    const x = rng.int(150, 290);
    const w = rng.int(90, 120);
    const h = rng.int(130, 170);
    c.rect(x, ground - h, w, h, p.motif);
    c.gable(x + w / 2, ground - h - 45, x - 10, x + w + 10, ground - h, p.accent);
    for (let row = 0; row < 3; row++)
      for (let col = 0; col < 3; col++)
        c.rect(x + 18 + col * ((w - 36) / 2) - 4, ground - h + 25 + row * 40, 8, 16, [60, 50, 40]);
    c.rect(x + w / 2 - 10, ground - 34, 20, 34, [90, 60, 35]);
  },
  // Broken columns of an ancient site.
  archaeology: (c, p, rng, ground) => {
    const start = rng.int(90, 150);
    for (let i = 0; i < 6; i++) {
      const h = rng.int(40, 140);
      c.rect(start + i * 50, ground - h, 22, h, p.motif);
      c.rect(start + i * 50 - 4, ground - h, 30, 6, p.motif);
    }
    c.rect(start - 4, ground - 150, 130, 10, p.motif);
  },
  // A stage with lights, bunting and an audience.
  events: (c, p, rng, ground) => {
    c.rect(110, ground - 90, 260, 90, p.motif);
    c.rect(130, ground - 80, 220, 60, p.accent);
    for (let i = 0; i < 12; i++)
      c.gable(40 + i * 36, 70, 28 + i * 36, 52 + i * 36, 46, i % 2 ? p.accent : [240, 200, 80]);
    for (let i = 0; i < 40; i++)
      c.circle(rng.int(10, WIDTH - 10), rng.int(ground + 10, HEIGHT - 8), rng.int(6, 10), [15, 12, 20]);
    for (let i = 0; i < 5; i++) c.circle(150 + i * 45, ground - 100, 6, [255, 240, 180]);
  },
  // A waterfall down a rock face, between pines.
  landscapes: (c, p, rng, ground) => {
    const x = rng.int(180, 280);
    c.gable(x + 17, ground - 190, x - 130, x + 164, ground, [96, 104, 112]);
    c.rect(x, ground - 150, 34, 150, p.motif);
    c.rect(x - 30, ground - 6, 94, 12, p.motif);
    for (let i = 0; i < 9; i++) {
      const tx = rng.int(10, WIDTH - 30);
      if (Math.abs(tx - x) < 50) continue;
      const th = rng.int(40, 70);
      c.gable(tx + 12, ground - th, tx, tx + 24, ground, p.accent);
    }
  },
  // A clock tower on a paved square.
  publicSpaces: (c, p, rng, ground) => {
    const x = rng.int(170, 280);
    c.rect(0, ground, WIDTH, HEIGHT - ground, [190, 186, 178]);
    for (let i = 0; i < WIDTH; i += 30) c.rect(i, ground, 2, HEIGHT - ground, [160, 156, 150]);
    c.rect(x, ground - 180, 44, 180, p.motif);
    c.gable(x + 22, ground - 230, x - 4, x + 48, ground - 180, p.accent);
    c.circle(x + 22, ground - 150, 13, [245, 240, 225]);
    c.rect(x + 21, ground - 160, 2, 11, [30, 30, 30]);
  },
  // A museum front: pediment and columns.
  creative: (c, p, rng, ground) => {
    const x = rng.int(110, 170);
    c.rect(x, ground - 20, 240, 20, p.motif);
    for (let i = 0; i < 6; i++) c.rect(x + 14 + i * 40, ground - 110, 16, 90, p.motif);
    c.rect(x, ground - 126, 240, 16, p.motif);
    c.gable(x + 120, ground - 176, x - 6, x + 246, ground - 126, p.motif);
    c.circle(x + 120, ground - 146, 9, p.accent);
  },
};

export function drawDemoPhoto(dataset: DatasetKey, rng: Random): Buffer {
  const p = PALETTES[dataset];
  const c = new Canvas();
  for (let y = 0; y < HEIGHT; y++) c.rect(0, y, WIDTH, 1, mix(p.skyTop, p.skyBottom, y / HEIGHT));
  c.circle(rng.int(40, WIDTH - 40), rng.int(40, 90), rng.int(18, 28), p.sun);
  c.below(ridge(rng, 170, 35), p.far);
  const ground = 250;
  c.below(ridge(rng, ground, 8), p.near);
  MOTIFS[dataset](c, p, rng, ground);
  return encodePng(WIDTH, HEIGHT, c.pixels);
}

/** Truecolour PNG: signature, IHDR, one IDAT, IEND; each row has filter byte 0. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = (CRC_TABLE[(crc ^ b) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
