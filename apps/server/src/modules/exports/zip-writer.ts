import { once } from 'node:events';
import type { TransformOptions, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { drained } from './drain';

/** Where a streamed part's text goes: `write` as it comes, `flushed` between batches. */
export type TextSink = { write: (text: string) => void; flushed: () => Promise<void> };

type Entry = { name: Buffer; flags: number; crc: number; compressedSize: number; size: number; offset: number };

const DEFLATE = 8;
/** 2.0: deflate and data descriptors, nothing newer. */
const VERSION_NEEDED = 20;
/** Bit 3: CRC and sizes follow the data, in a data descriptor. */
const SIZES_AFTER_DATA = 0x0008;
/** Deflate's output comes in pieces this large: fewer, larger writes to the response. */
const DEFLATE_CHUNK_BYTES = 64 * 1024;

/**
 * A ZIP archive written front to back into `target`, as an XLSX file needs: small parts deflated
 * whole, a large part streamed through deflate (on libuv's thread pool, beside the JavaScript) with
 * its CRC and sizes in a data descriptor after it, then the central directory. It holds no more than
 * the chunk being written. Sizes and offsets are ZIP's 32-bit ones: a part or archive beyond 4 GiB
 * (far past Excel's 1,048,576 rows) is refused rather than written corrupt.
 */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(
    private readonly target: Writable,
    private readonly level: number,
    modifiedAt = new Date(),
  ) {
    this.dosTime = (modifiedAt.getHours() << 11) | (modifiedAt.getMinutes() << 5) | (modifiedAt.getSeconds() >> 1);
    this.dosDate = ((modifiedAt.getFullYear() - 1980) << 9) | ((modifiedAt.getMonth() + 1) << 5) | modifiedAt.getDate();
  }

  /** A small part, deflated in one go. */
  async addFile(name: string, content: string): Promise<void> {
    const data = Buffer.from(content);
    const compressed = zlib.deflateRawSync(data, { level: this.level });
    const entry = this.startEntry(name, 0);
    Object.assign(entry, { crc: zlib.crc32(data), size: data.length, compressedSize: compressed.length });
    this.write(this.localHeader(entry));
    this.write(compressed);
    await drained(this.target);
  }

  /**
   * A part of unknown length, written as text: `produce` gets a sink whose `write` encodes into
   * buffers of DEFLATE_CHUNK_BYTES that go to deflate as they fill, and whose `flushed` waits while
   * deflate or `target` is full (and fails once `target` is closed, e.g. the client went away).
   */
  async addStream(name: string, produce: (sink: TextSink) => Promise<void>): Promise<void> {
    const entry = this.startEntry(name, SIZES_AFTER_DATA);
    this.write(this.localHeader(entry));
    // Node hands stream options on to zlib's Transform, though ZlibOptions does not list them. A few
    // chunks queued let the next batch be built while deflate still works on this one.
    const options: zlib.ZlibOptions & Pick<TransformOptions, 'writableHighWaterMark'> = {
      level: this.level,
      chunkSize: DEFLATE_CHUNK_BYTES,
      writableHighWaterMark: 4 * DEFLATE_CHUNK_BYTES,
    };
    const deflate = zlib.createDeflateRaw(options);
    // Deflate's output always flows on; `flushed` is what waits for a full target.
    deflate.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length;
      this.write(chunk);
    });
    let buffer = Buffer.allocUnsafe(DEFLATE_CHUNK_BYTES);
    let used = 0;
    const pass = () => {
      const chunk = buffer.subarray(0, used);
      entry.crc = zlib.crc32(chunk, entry.crc);
      entry.size += used;
      deflate.write(chunk);
      buffer = Buffer.allocUnsafe(DEFLATE_CHUNK_BYTES);
      used = 0;
    };
    const sink: TextSink = {
      write: (text) => {
        // UTF-8 takes at most 3 bytes per UTF-16 unit; a text longer than a whole buffer goes on by itself.
        if (used + text.length * 3 > buffer.length) {
          if (used > 0) pass();
          if (text.length * 3 > buffer.length) buffer = Buffer.allocUnsafe(text.length * 3);
        }
        used += buffer.write(text, used);
      },
      flushed: async () => {
        await drained(deflate, this.target);
        await drained(this.target);
      },
    };
    try {
      await produce(sink);
      if (used > 0) pass();
      deflate.end();
      await once(deflate, 'end');
    } catch (error) {
      deflate.destroy();
      throw error;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(uint32(entry.compressedSize), 8);
    descriptor.writeUInt32LE(uint32(entry.size), 12);
    this.write(descriptor);
    await drained(this.target);
  }

  /** Writes the central directory and the end record, ends `target` and waits until it has taken everything. */
  async finish(): Promise<void> {
    const directoryOffset = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION_NEEDED, 4);
      this.writeEntryFields(header, 6, entry);
      // Extra field, comment, disk number, attributes: none.
      header.writeUInt32LE(uint32(entry.offset), 42);
      this.write(header);
      this.write(entry.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(uint32(this.offset - directoryOffset), 12);
    end.writeUInt32LE(uint32(directoryOffset), 16);
    this.write(end);
    this.target.end();
    await finished(this.target, { readable: false });
  }

  private startEntry(name: string, flags: number): Entry {
    const entry = { name: Buffer.from(name), flags, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    this.entries.push(entry);
    return entry;
  }

  /** With SIZES_AFTER_DATA the CRC and sizes here are zero. */
  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    this.writeEntryFields(header, 4, entry);
    return Buffer.concat([header, entry.name]);
  }

  /** From "version needed" to the name's length: the same fields, in the same order, in both headers. */
  private writeEntryFields(header: Buffer, at: number, entry: Entry) {
    header.writeUInt16LE(VERSION_NEEDED, at);
    header.writeUInt16LE(entry.flags, at + 2);
    header.writeUInt16LE(DEFLATE, at + 4);
    header.writeUInt16LE(this.dosTime, at + 6);
    header.writeUInt16LE(this.dosDate, at + 8);
    header.writeUInt32LE(entry.crc, at + 10);
    header.writeUInt32LE(uint32(entry.compressedSize), at + 14);
    header.writeUInt32LE(uint32(entry.size), at + 18);
    header.writeUInt16LE(entry.name.length, at + 22);
  }

  private write(chunk: Buffer) {
    this.offset += chunk.length;
    if (!this.target.destroyed) this.target.write(chunk);
  }
}

function uint32(value: number): number {
  if (value > 0xffffffff) throw new Error('The file is too large for a ZIP archive without ZIP64');
  return value;
}
