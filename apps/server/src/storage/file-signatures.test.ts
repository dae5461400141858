import { describe, expect, it } from 'vitest';
import { buildDemoMedia } from '../db/seed/demo-media';
import { demoGuidelineFiles } from '../db/seed/demo-guidelines';
import { drawDemoPhoto } from '../db/seed/demo-images';
import { createRandom } from '../db/seed/random';
import { SIGNATURE_LENGTH, startsLike } from './file-signatures';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const isoMedia = (brand: string) => bytes([0, 0, 0, 0x18], `ftyp${brand}`, [0, 0, 0, 0]);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The first bytes of a real file of each type the media and guidelines accept. */
const SAMPLES: [contentType: string, start: Buffer][] = [
  ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe1, 0, 0x10], 'Exif')],
  ['image/png', bytes([0x89], 'PNG\r\n', [0x1a], '\n', [0, 0, 0, 0x0d], 'IHDR')],
  ['image/gif', bytes('GIF89a', [0x10, 0, 0x10, 0])],
  ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
  ['image/heic', isoMedia('heic')],
  ['image/avif', isoMedia('avif')],
  ['image/tiff', bytes('II*', [0, 8, 0, 0, 0])],
  ['video/mp4', isoMedia('isom')],
  ['video/quicktime', isoMedia('qt  ')],
  ['video/quicktime', bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat')],
  ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81])],
  ['audio/mpeg', bytes('ID3', [4, 0, 0, 0, 0, 0, 0])],
  ['audio/mpeg', bytes([0xff, 0xfb, 0x90, 0x64])],
  ['audio/mp4', isoMedia('M4A ')],
  ['audio/wav', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
  ['audio/ogg', bytes('OggS', [0, 2, 0, 0])],
  ['audio/aac', bytes([0xff, 0xf1, 0x50, 0x80])],
  ['audio/flac', bytes('fLaC', [0, 0, 0, 0x22])],
  ['application/pdf', bytes('%PDF-1.7\n')],
  ['model/gltf-binary', bytes('glTF', [2, 0, 0, 0])],
  ['model/gltf+json', Buffer.from('\uFEFF\n  {"asset": {"version": "2.0"}}', 'utf8')],
  ['model/gltf+json', bytes('{"asset":{}}')],
  [DOCX, bytes('PK', [3, 4, 20, 0])],
  ['application/msword', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
];

const HTML = bytes('<!doctype html><script>');
const EXECUTABLE = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]);

describe('file signatures', () => {
  it('recognise a real file of each accepted type', () => {
    for (const [contentType, start] of SAMPLES) {
      expect(startsLike(contentType, start.subarray(0, SIGNATURE_LENGTH)), contentType).toBe(true);
    }
  });

  it('refuse a web page, a program, an empty file or another type under any accepted type', () => {
    for (const [contentType] of SAMPLES) {
      for (const start of [HTML, EXECUTABLE, Buffer.alloc(0)]) {
        expect(startsLike(contentType, start), `${contentType}: ${start.toString('latin1')}`).toBe(false);
      }
    }
    expect(startsLike('image/png', SAMPLES[0]![1])).toBe(false);
    expect(startsLike('video/webm', isoMedia('isom'))).toBe(false);
    expect(startsLike('model/gltf-binary', bytes('{"asset":{}}'))).toBe(false);
  });

  it('know no type they were not told about', () => {
    expect(startsLike('text/html', HTML)).toBe(false);
    expect(startsLike('toString', HTML)).toBe(false);
  });

  it('accept every demo file the seed stores, as they would be checked if uploaded', async () => {
    const files = [
      { contentType: 'image/png', bytes: drawDemoPhoto('monuments', createRandom(1)) },
      ...(await buildDemoMedia()),
      ...demoGuidelineFiles().map((file) => ({
        contentType: file.contentType === 'pdf' ? 'application/pdf' : DOCX,
        bytes: file.bytes,
      })),
    ];
    for (const file of files) {
      expect(startsLike(file.contentType, file.bytes.subarray(0, SIGNATURE_LENGTH)), file.contentType).toBe(true);
    }
  });
});
