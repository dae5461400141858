import type { Random } from './random';

/**
 * An audio clip for the demo, synthesised here: a short phrase plucked on a two-stringed çifteli,
 * over a drone on its second string (Karplus–Strong string synthesis), as a 16-bit mono WAV.
 */
const SAMPLE_RATE = 16_000;

/** [semitones above D4, beats]; the drone stays on D3. */
const PHRASE: readonly (readonly [number, number])[] = [
  [0, 1],
  [2, 1],
  [3, 1],
  [5, 2],
  [3, 1],
  [2, 1],
  [3, 1],
  [2, 1],
  [0, 3],
];
const BEAT_SECONDS = 0.3;
const D4_HZ = 293.66;

/** One plucked string: a burst of noise circulating in a delay line one period long, softened each pass. */
function pluck(samples: Float32Array, start: number, frequency: number, loudness: number, rng: Random) {
  const period = Math.round(SAMPLE_RATE / frequency);
  const line = Float32Array.from({ length: period }, () => rng.next() * 2 - 1);
  for (let i = 0; start + i < samples.length; i++) {
    const index = i % period;
    const value = line[index]!;
    samples[start + i]! += value * loudness;
    line[index] = 0.996 * 0.5 * (value + line[(index + 1) % period]!);
  }
}

export function buildDemoSound(rng: Random): Buffer {
  const beats = PHRASE.reduce((total, [, length]) => total + length, 0);
  const samples = new Float32Array(Math.ceil((beats * BEAT_SECONDS + 1) * SAMPLE_RATE));
  let beat = 0;
  for (const [semitones, length] of PHRASE) {
    const start = Math.round(beat * BEAT_SECONDS * SAMPLE_RATE);
    pluck(samples, start, D4_HZ * 2 ** (semitones / 12), 0.5, rng);
    if (beat % 2 === 0) pluck(samples, start, D4_HZ / 2, 0.3, rng);
    beat += length;
  }
  return encodeWav(samples);
}

/** RIFF/WAVE, PCM 16-bit mono; samples are clipped to [-1, 1]. */
function encodeWav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32_767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
