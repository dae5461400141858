import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipWriter } from './zip-writer';

/** Reads an archive through its central directory, as unzip tools do, checking each CRC and size. */
function readZip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let position = archive.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    expect(archive.readUInt32LE(position)).toBe(0x02014b50);
    const crc = archive.readUInt32LE(position + 16);
    const compressedSize = archive.readUInt32LE(position + 20);
    const size = archive.readUInt32LE(position + 24);
    const nameLength = archive.readUInt16LE(position + 28);
    const offset = archive.readUInt32LE(position + 42);
    const name = archive.toString('utf8', position + 46, position + 46 + nameLength);
    expect(archive.readUInt32LE(offset)).toBe(0x04034b50);
    const dataStart = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    const data = zlib.inflateRawSync(archive.subarray(dataStart, dataStart + compressedSize));
    expect(data.length).toBe(size);
    expect(zlib.crc32(data)).toBe(crc);
    files.set(name, data.toString('utf8'));
    position += 46 + nameLength;
  }
  return files;
}

async function collect(write: (zip: ZipWriter) => Promise<void>): Promise<Buffer> {
  const target = new PassThrough();
  const chunks: Buffer[] = [];
  target.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(new ZipWriter(target, 1));
  return Buffer.concat(chunks);
}

describe('ZipWriter', () => {
  it('writes whole and streamed parts that read back byte for byte', async () => {
    const long = 'ë'.repeat(100_000);
    const archive = await collect(async (zip) => {
      await zip.addFile('small.xml', '<a>Kulla</a>');
      await zip.addStream('big.xml', async (sink) => {
        for (let row = 0; row < 2_000; row++) sink.write(`<row r="${row}">Gur, dru</row>`);
        await sink.flushed();
        // Longer than a whole chunk buffer.
        sink.write(long);
      });
      await zip.finish();
    });

    const files = readZip(archive);
    expect([...files.keys()]).toEqual(['small.xml', 'big.xml']);
    expect(files.get('small.xml')).toBe('<a>Kulla</a>');
    const big = files.get('big.xml')!;
    expect(big.startsWith('<row r="0">Gur, dru</row><row r="1">')).toBe(true);
    expect(big.endsWith(`<row r="1999">Gur, dru</row>${long}`)).toBe(true);
  });

  it('stops a streamed part when the target is closed, as when the client goes away', async () => {
    const target = new PassThrough();
    const zip = new ZipWriter(target, 1);
    let rows = 0;
    const written = zip.addStream('sheet.xml', async (sink) => {
      for (;;) {
        sink.write('<row/>'.repeat(1_000));
        rows++;
        if (rows === 3) target.destroy();
        await sink.flushed();
      }
    });
    await expect(written).rejects.toThrow('closed before it finished');
    expect(rows).toBe(3);
  });
});
