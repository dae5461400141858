import zlib from 'node:zlib';

/**
 * XLSX workbooks made for tests, hostile ones included: the sheet's XML comes in chunks, each
 * deflated on its own (a full flush ends each on a byte boundary, so the pieces join into one
 * stream), and a chunk that repeats the one before is deflated once and its bytes reused. So a
 * sheet of a gigabyte of XML costs a few MB and a fraction of a second, and is never whole in memory.
 */
export type WorkbookOptions = {
  /** Entries flagged as encrypted, as a ZIP tool's password protection marks them. */
  encrypted?: boolean;
  /** The sheet's uncompressed size as its entry declares it, when that should lie. */
  declaredSheetSize?: number;
};

/** A workbook whose one sheet's <sheetData> is `rows`, given as XML chunks. */
export function workbookOf(rows: Iterable<string>, options: WorkbookOptions = {}): Buffer {
  const sheet = deflated(
    (function* () {
      yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>`;
      yield* rows;
      yield '</sheetData></worksheet>';
    })(),
  );
  return zip(
    [
      { name: '[Content_Types].xml', ...deflated([CONTENT_TYPES]) },
      { name: '_rels/.rels', ...deflated([relationships('officeDocument', 'xl/workbook.xml')]) },
      { name: 'xl/workbook.xml', ...deflated([WORKBOOK]) },
      { name: 'xl/_rels/workbook.xml.rels', ...deflated([relationships('worksheet', 'worksheets/sheet1.xml')]) },
      { name: 'xl/worksheets/sheet1.xml', ...sheet, size: options.declaredSheetSize ?? sheet.size },
    ],
    options.encrypted ? ENCRYPTED : 0,
  );
}

/** `chunk` `times` times, e.g. the same row: a huge sheet from one deflated piece. */
export function* repeated(chunk: string, times: number): Generator<string> {
  for (let index = 0; index < times; index++) yield chunk;
}

/** Rows 1 to `count` of `row(number)`, in chunks of about a MB. */
export function* numberedRows(count: number, row: (number: number) => string): Generator<string> {
  let chunk = '';
  for (let number = 1; number <= count; number++) {
    chunk += row(number);
    if (chunk.length > 1_000_000) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Regjistri" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const relationships = (type: string, target: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/${type}" Target="${target}"/></Relationships>`;

/** General purpose flag bit 0: the entry is encrypted. */
const ENCRYPTED = 0x0001;

type Part = { name: string; pieces: Buffer[]; size: number };

function deflated(chunks: Iterable<string>): Omit<Part, 'name'> {
  const pieces: Buffer[] = [];
  let size = 0;
  let previous: { chunk: string; piece: Buffer; bytes: number } | undefined;
  for (const chunk of chunks) {
    if (chunk !== previous?.chunk) {
      const piece = zlib.deflateRawSync(chunk, { finishFlush: zlib.constants.Z_FULL_FLUSH });
      previous = { chunk, piece, bytes: Buffer.byteLength(chunk) };
    }
    pieces.push(previous.piece);
    size += previous.bytes;
  }
  // An empty final block closes the stream.
  pieces.push(zlib.deflateRawSync(Buffer.alloc(0)));
  return { pieces, size };
}

/**
 * The ZIP archive of `parts`, deflated, with a central directory. CRCs are left 0: neither yauzl nor
 * our reader checks them.
 */
function zip(parts: Part[], flags: number): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, pieces, size } of parts) {
    const nameBytes = Buffer.from(name);
    const compressedSize = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressedSize, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressedSize, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, nameBytes);
    for (const piece of pieces) out.push(piece);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressedSize;
  }
  const directorySize = directory.reduce((sum, piece) => sum + piece.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, ...directory, end]);
}
