import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MAX_IMPORT_COLUMNS } from '@trashegimia/contract/import-limits';
import { type Sheet, SheetRefusal, SheetTable, tooManyColumns } from './sheet-table';

/** The most a workbook may unpack to, all its entries together. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** Entries of a workbook: a few dozen parts, more with many sheets or pictures. */
const MAX_ENTRIES = 10_000;
/**
 * How many times an entry larger than a MiB may be smaller packed: a sheet's XML packs 10 to 20
 * times (measured, 50,000 identical rows included); a zip bomb packs up to about 1,000 times.
 */
const MAX_COMPRESSION_RATIO = 200;
const MiB = 1024 * 1024;
/** The most characters a cell holds in Excel and LibreOffice: a longer one is no spreadsheet's work. */
const MAX_CELL_CHARS = 32_767;
/** Distinct texts of the shared string table (a cell refers to one by number). */
const MAX_SHARED_STRINGS = 1_000_000;

/** Excel saves a password-protected workbook (and an old .xls) as an OLE2 compound file. */
const COMPOUND_FILE_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
/** The stream holding an encrypted workbook in such a file, its name in UTF-16 as the file stores it. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/** Number formats Excel builds in that show dates or times (those of CJK locales included). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
for (const id of [45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]) BUILT_IN_DATE_FORMATS.add(id);

const unreadable = (reason: string) =>
  new SheetRefusal('unreadable_file', `The file is not a readable XLSX workbook: ${reason}`);
const encrypted = () =>
  new SheetRefusal(
    'encrypted_file',
    'Password-protected workbooks cannot be read; save it without a password and upload it again',
  );
const tooLargeUnpacked = (reason: string) =>
  new SheetRefusal('file_too_large_unpacked', `The workbook is too large once unpacked: ${reason}`, 413);

/**
 * The first worksheet of an XLSX workbook, read as a stream: the ZIP archive's directory is
 * checked before anything is unpacked, the bytes inflated are counted as they come, and the sheet's
 * cells are kept only up to the row and column limits (SheetTable), so no file costs more than
 * the limits allow, whatever it declares. Cells read as a person sees them: shared and inline
 * strings (rich text joined), numbers, booleans, formulas' cached results, and numbers in a date
 * format as ISO 8601 dates, so they read back exactly.
 */
export function readXlsx(file: Buffer): Promise<Sheet> {
  return readWorkbookWith(file, (workbook) => workbook.firstSheet());
}

/** A worksheet of a workbook, by the name its tab shows. */
export type NamedSheet = { name: string; sheet: Sheet };

/**
 * Every worksheet of an XLSX workbook in the order of its tabs, read as readXlsx reads the first
 * (each within the row and column limits); an empty one has no headers and no rows.
 */
export function readXlsxSheets(file: Buffer): Promise<NamedSheet[]> {
  return readWorkbookWith(file, (workbook) => workbook.everySheet());
}

async function readWorkbookWith<T>(file: Buffer, read: (workbook: WorkbookReader) => Promise<T>): Promise<T> {
  if (file.subarray(0, COMPOUND_FILE_SIGNATURE.length).equals(COMPOUND_FILE_SIGNATURE)) {
    if (file.includes(ENCRYPTED_PACKAGE)) throw encrypted();
    throw unreadable('it is an Excel 97–2003 workbook (.xls); save it as an Excel Workbook (.xlsx)');
  }
  try {
    return await read(new WorkbookReader(await openArchive(file)));
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    throw unreadable(error instanceof Error ? error.message : String(error));
  }
}

type Archive = { zip: ZipFile; entries: Map<string, Entry> };

/** The archive's entries, refused before anything is unpacked when they are too many, too large or encrypted. */
async function openArchive(file: Buffer): Promise<Archive> {
  let zip: ZipFile;
  try {
    // Entry sizes are checked while reading (see parse), with a refusal that says so.
    zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: false });
  } catch {
    throw unreadable('it is not a ZIP archive, as every XLSX file is');
  }
  if (zip.entryCount > MAX_ENTRIES) throw tooLargeUnpacked(`it has more than ${MAX_ENTRIES} parts`);
  const entries = new Map<string, Entry>();
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.isEncrypted()) throw encrypted();
    declared += entry.uncompressedSize;
    if (declared > MAX_UNPACKED_BYTES)
      throw tooLargeUnpacked(`it unpacks to more than ${MAX_UNPACKED_BYTES / MiB} MiB`);
    if (entry.uncompressedSize > MiB && entry.uncompressedSize > entry.compressedSize * MAX_COMPRESSION_RATIO) {
      throw tooLargeUnpacked(`${entry.fileName} is packed more than ${MAX_COMPRESSION_RATIO} times smaller`);
    }
    // Part names are case-insensitive (Open Packaging Conventions), and some writers vary the case.
    entries.set(entry.fileName.toLowerCase(), entry);
  }
  return { zip, entries };
}

type Relationship = { type: string; target: string };

/** The part a relationship of this type (its URI's last segment, the same in strict and transitional OOXML) leads to. */
const targetOfType = (relationships: Map<string, Relationship>, type: string) =>
  [...relationships.values()].find((relationship) => relationship.type.endsWith(type))?.target;

/** What reading a worksheet's cells needs of the workbook. */
type CellFormats = { date1904: boolean; dateStyles: boolean[]; sharedStrings: string[] };

class WorkbookReader {
  constructor(private readonly archive: Archive) {}

  async firstSheet(): Promise<Sheet> {
    const { worksheets, formats } = await this.contents();
    const [first] = worksheets;
    if (!first) throw unreadable('it has no worksheet');
    return (await this.sheet(first.part, formats)).finish();
  }

  async everySheet(): Promise<NamedSheet[]> {
    const { worksheets, formats } = await this.contents();
    const sheets: NamedSheet[] = [];
    for (const { name, part } of worksheets) sheets.push({ name, sheet: (await this.sheet(part, formats)).contents() });
    return sheets;
  }

  /** The worksheets in the order of their tabs (chart sheets left out), and how their cells read. */
  private async contents(): Promise<{ worksheets: { name: string; part: string }[]; formats: CellFormats }> {
    const workbookPart = targetOfType(await this.relationships(''), '/officeDocument');
    if (!workbookPart) throw unreadable('it has no workbook (is it another kind of document?)');
    const related = await this.relationships(workbookPart);

    let date1904 = false;
    const worksheets: { name: string; part: string }[] = [];
    await this.parse(workbookPart, {
      open: (name, attributes) => {
        if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
        if (name === 'sheet') {
          const relation = related.get(attributeOf(attributes, 'id') ?? '');
          if (relation?.type.endsWith('/worksheet'))
            worksheets.push({ name: attributes.name ?? '', part: relation.target });
        }
      },
    });
    const dateStyles = await this.dateStyles(targetOfType(related, '/styles'));
    const sharedStrings = await this.sharedStrings(targetOfType(related, '/sharedStrings'));
    return { worksheets, formats: { date1904, dateStyles, sharedStrings } };
  }

  /** A part's relationships by id, their targets as paths in the archive. */
  private async relationships(part: string): Promise<Map<string, Relationship>> {
    const folder = path.posix.dirname(part);
    const relationships = new Map<string, Relationship>();
    await this.parse(path.posix.join(folder, '_rels', `${path.posix.basename(part)}.rels`), {
      open: (name, { Id, Type, Target, TargetMode }) => {
        if (name !== 'Relationship' || !Id || !Type || !Target || TargetMode === 'External') return;
        const target = Target.startsWith('/') ? Target.slice(1) : path.posix.join(folder, Target);
        relationships.set(Id, { type: Type, target });
      },
    });
    return relationships;
  }

  /** Which cell styles (by index) show numbers as dates. */
  private async dateStyles(stylesPart: string | undefined): Promise<boolean[]> {
    const customFormats = new Map<number, string>();
    const styleFormats: number[] = [];
    let inCellStyles = false;
    if (stylesPart) {
      await this.parse(stylesPart, {
        open: (name, attributes) => {
          if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
          else if (name === 'cellXfs') inCellStyles = true;
          else if (name === 'xf' && inCellStyles) styleFormats.push(Number(attributes.numFmtId ?? 0));
        },
        close: (name) => {
          if (name === 'cellXfs') inCellStyles = false;
        },
      });
    }
    return styleFormats.map((id) => {
      const code = customFormats.get(id);
      return code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code);
    });
  }

  private async sharedStrings(part: string | undefined): Promise<string[]> {
    const strings: string[] = [];
    const text = new RichText();
    if (part) {
      await this.parse(part, {
        open: (name) => text.open(name),
        close: (name) => {
          text.close(name);
          if (name !== 'si') return;
          if (strings.length === MAX_SHARED_STRINGS) {
            throw tooLargeUnpacked(`it has more than ${MAX_SHARED_STRINGS.toLocaleString('en')} distinct texts`);
          }
          strings.push(text.take());
        },
        text: (value) => text.add(value),
      });
    }
    return strings;
  }

  private async sheet(part: string, { date1904, dateStyles, sharedStrings }: CellFormats): Promise<SheetTable> {
    const table = new SheetTable();
    let cells: string[] = [];
    let rowNumber: number | undefined;
    let column = 0;
    // The cell being read (its type and style), and its <v> or the <t> of its inline string.
    let cellType: string | null = null;
    let cellStyle = 0;
    const text = new RichText();

    const cellText = (raw: string): string => {
      switch (cellType) {
        case 's':
          return raw === '' ? '' : (sharedStrings[Number(raw)] ?? '');
        case 'b':
          return raw === '' ? '' : String(Number(raw) !== 0);
        case 'e':
          return '';
        case 'str':
        case 'inlineStr':
        case 'd':
          return raw;
      }
      const number = parseFloat(raw);
      if (Number.isNaN(number)) return raw;
      if (!dateStyles[cellStyle]) return String(number);
      const date = new Date(Math.round((number - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
      return Number.isNaN(date.getTime()) ? String(number) : date.toISOString();
    };

    await this.parse(part, {
      open: (name, attributes) => {
        if (name === 'c') {
          // A cell names its column (r="XFD5"); one that does not follows the previous one.
          const named = attributes.r ? columnNumber(attributes.r) : 0;
          column = named > 0 ? named : column + 1;
          cellType = attributes.t ?? 'n';
          cellStyle = Number(attributes.s ?? 0);
        } else if (name === 'row') {
          cells = [];
          column = 0;
          // A row names its number (r="7") when rows before it are left out; one that does not follows the previous one.
          const named = Number(attributes.r);
          rowNumber = Number.isInteger(named) && named > 0 ? named : undefined;
        } else if (cellType !== null) {
          if (name === 'v') text.collecting = true;
          else text.open(name);
        }
      },
      close: (name) => {
        if (name === 'c') {
          const value = cellText(text.take());
          if (value !== '') {
            // A value further right refuses the file before anything is kept for it.
            if (column > MAX_IMPORT_COLUMNS) throw tooManyColumns();
            cells[column - 1] = value;
          }
          cellType = null;
        } else if (name === 'row') {
          table.add(cells, rowNumber);
        } else {
          text.close(name);
        }
      },
      text: (value) => text.add(value),
    });
    return table;
  }

  /** Streams a part of the archive through an XML parser; a part the archive lacks is skipped. */
  private async parse(part: string, handlers: XmlHandlers) {
    const entry = this.archive.entries.get(part.toLowerCase());
    if (!entry) return;
    const parser = new SaxesParser({ fileName: part });
    const { open, close, text } = handlers;
    if (open) parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
    if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
    if (text) {
      parser.on('text', text);
      parser.on('cdata', text);
    }
    const decoder = new StringDecoder('utf8');
    const stream: Readable = await this.archive.zip.openReadStreamPromise(entry);
    // Declared sizes can lie: what is inflated is counted, and stops at what the entry declared
    // (whose sum openArchive has bounded).
    let inflated = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) {
        throw tooLargeUnpacked(
          `${entry.fileName} unpacks to more than the ${entry.uncompressedSize} bytes it declares`,
        );
      }
      parser.write(decoder.write(chunk));
    }
    parser.write(decoder.end());
    parser.close();
  }
}

type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * The text of a shared string or an inline one: its <t> runs joined (rich text is several), its
 * phonetic reading (<rPh>) left out, trimmed as a person reads it.
 */
class RichText {
  collecting = false;
  private phonetic = false;
  private value = '';

  open(name: string) {
    if (name === 'rPh') this.phonetic = true;
    else if (name === 't') this.collecting = !this.phonetic;
  }

  close(name: string) {
    if (name === 'rPh') this.phonetic = false;
    else if (name === 't' || name === 'v') this.collecting = false;
  }

  add(text: string) {
    if (!this.collecting) return;
    this.value += text;
    if (this.value.length > MAX_CELL_CHARS) {
      throw unreadable(
        `a cell holds more than ${MAX_CELL_CHARS.toLocaleString('en')} characters, the most a spreadsheet cell can`,
      );
    }
  }

  take(): string {
    const value = this.value.trim();
    this.value = '';
    this.collecting = false;
    return value;
  }
}

/** Tags and attributes without their namespace prefix (some writers prefix SpreadsheetML's). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const attributeOf = (attributes: Record<string, string>, name: string) =>
  Object.entries(attributes).find(([key]) => localName(key) === name)?.[1];

/** "XFD5" → 16384: the column of a cell reference, counted from 1. */
function columnNumber(reference: string): number {
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const letter = reference.charCodeAt(index) - 64;
    if (letter < 1 || letter > 26) break;
    column = column * 26 + letter;
  }
  return column;
}

/** As exceljs decides: a format with day, month, year, hour or second codes outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
