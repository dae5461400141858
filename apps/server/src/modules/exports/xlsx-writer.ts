import type { Writable } from 'node:stream';
import type { Language } from '@trashegimia/contract/common';
import { type DocumentTexts, formatDateTime } from './document-texts';
import type { DataTerms, ExportColumn, ExportRow } from './export-types';
import { type TableCell, type TableColumn, tableColumns, tableRow } from './table-rows';
import { xmlAttribute, xmlText } from './xml-text';
import { type TextSink, ZipWriter } from './zip-writer';

export type XlsxInput = {
  sheetName: string;
  columns: readonly ExportColumn[];
  batches: AsyncIterable<ExportRow[]>;
  texts: DocumentTexts;
  /** What the 'About' sheet tells beside the dataset's name: its last update, licence and when it was exported. */
  about: DataTerms & { exportedAt: Date; language: Language };
};

/**
 * Fast deflate: the sheet is most of the work, and level 1 is several times quicker than the
 * default for a file only a little larger.
 */
const DEFLATE_LEVEL = 1;

/** Cell formats, by their index in STYLES' cellXfs. */
const STYLE = { header: 1, date: 2, number: 3 } as const;

/**
 * The dataset export as a workbook: its assets laid out as writeCellSheet lays them (fixed columns,
 * then one per question), and an 'About' sheet naming the dataset, its last update, its licence,
 * the export's time and how to cite it.
 */
export async function writeXlsx(
  target: Writable,
  { sheetName, columns, batches, texts, about }: XlsxInput,
): Promise<void> {
  const { licence, lastUpdate, citation, exportedAt, language } = about;
  await writeWorkbook(target, texts.platform, [
    cellWorksheet({
      name: sheetName,
      columns: tableColumns(columns, texts),
      batches,
      cellsOf: (asset) => tableRow(asset, columns, texts),
    }),
    textWorksheet({
      name: texts.about.sheet,
      header: [texts.about.field, texts.about.value],
      rows: [
        [texts.about.dataset, sheetName],
        [texts.about.lastUpdate, lastUpdate ? formatDateTime(lastUpdate, language) : '—'],
        [texts.about.licence, licence.name],
        [texts.about.licenceUrl, licence.url],
        [texts.about.exportedOn, formatDateTime(exportedAt, language)],
        ...(citation ? [[texts.citation.title, citation]] : []),
      ],
    }),
  ]);
}

/** A sheet of typed cells: its columns, and its rows batch by batch with how each becomes cells. */
export type CellSheet<Row> = {
  name: string;
  columns: readonly TableColumn[];
  batches: AsyncIterable<readonly Row[]>;
  cellsOf: (row: Row) => readonly TableCell[];
};

/**
 * Streams a one-sheet workbook into `target`: a bold, frozen header row with a filter, then the rows
 * batch by batch as SpreadsheetML with inline strings, deflated into the ZIP package as they come;
 * dates and numbers keep their columns' cell formats. Between batches it waits while `target` is
 * full, so a slow download slows the database reads instead of piling rows up in memory. Ends
 * `target` when done.
 */
export async function writeCellSheet<Row>(target: Writable, sheet: CellSheet<Row>, author: string): Promise<void> {
  await writeWorkbook(target, author, [cellWorksheet(sheet)]);
}

function cellWorksheet<Row>(sheet: CellSheet<Row>): Worksheet {
  const styles = sheet.columns.map((column) => (column.kind === 'text' ? 0 : STYLE[column.kind]));
  return {
    name: sheet.name,
    columns: sheet.columns,
    writeRows: async (out, letters) => {
      let rowNumber = 1;
      for await (const batch of sheet.batches) {
        for (const row of batch) out.write(rowXml(++rowNumber, sheet.cellsOf(row), letters, styles));
        await out.flushed();
      }
    },
  };
}

/** A sheet of text: its header row, then rows of cells in the header's order (a blank cell is left empty). */
export type TextSheet = { name: string; header: readonly string[]; rows: readonly (readonly string[])[] };

/**
 * Streams a workbook of several sheets of text into `target`, in the given order, each laid out as
 * writeXlsx lays out its one. Cells are written as they are: inline strings, which a spreadsheet
 * never runs as formulas, so text such as an XLSForm's reads back exactly. Ends `target` when done.
 */
export async function writeTextSheets(target: Writable, sheets: readonly TextSheet[], author: string): Promise<void> {
  await writeWorkbook(target, author, sheets.map(textWorksheet));
}

function textWorksheet({ name, header, rows }: TextSheet): Worksheet {
  return {
    name,
    columns: header.map((text, index) => ({ header: text, kind: 'text', width: textWidth(text, rows, index) })),
    writeRows: async (sheet, letters) => {
      for (const [index, cells] of rows.entries()) {
        sheet.write(rowXml(index + 2, cells.map(emptyAsNoCell), letters, []));
        await sheet.flushed();
      }
    },
  };
}

/** A worksheet of the package: its columns, and what writes its rows after the header (row 2 on). */
type Worksheet = {
  name: string;
  columns: readonly TableColumn[];
  writeRows: (sheet: TextSink, letters: string[]) => Promise<void>;
};

/** The package around the worksheets, then each worksheet streamed as its rows come. */
async function writeWorkbook(target: Writable, author: string, worksheets: readonly Worksheet[]): Promise<void> {
  const names = worksheets.map((worksheet) => safeSheetName(worksheet.name));
  // Excel refuses, and offers to repair, a workbook with two sheets of one name (ignoring case).
  if (new Set(names.map((name) => name.toLowerCase())).size < names.length) {
    throw new Error(`Two sheets of a workbook cannot share a name: ${names.join(', ')}`);
  }
  const zip = new ZipWriter(target, DEFLATE_LEVEL);
  await zip.addFile('[Content_Types].xml', contentTypes(worksheets.length));
  await zip.addFile('_rels/.rels', PACKAGE_RELATIONSHIPS);
  await zip.addFile('docProps/core.xml', coreProperties(author, new Date()));
  await zip.addFile('xl/workbook.xml', workbook(names));
  await zip.addFile('xl/_rels/workbook.xml.rels', workbookRelationships(worksheets.length));
  await zip.addFile('xl/styles.xml', STYLES);
  for (const [index, worksheet] of worksheets.entries()) {
    await zip.addStream(worksheetPart(index), async (sheet) => {
      const letters = worksheet.columns.map((_, column) => columnLetters(column));
      sheet.write(sheetStart(worksheet.columns, letters));
      await worksheet.writeRows(sheet, letters);
      sheet.write(`</sheetData><autoFilter ref="A1:${letters.at(-1)}1"/></worksheet>`);
    });
  }
  await zip.finish();
}

const worksheetPart = (index: number) => `xl/worksheets/sheet${index + 1}.xml`;

/** An empty text is no cell at all, as a spreadsheet leaves it, rather than a cell holding nothing. */
const emptyAsNoCell = (text: string) => (text === '' ? null : text);

/** Wide enough for the column's longest text, within reason. */
function textWidth(header: string, rows: readonly (readonly string[])[], column: number): number {
  let longest = header.length;
  for (const cells of rows) longest = Math.max(longest, cells[column]?.length ?? 0);
  return Math.min(60, Math.max(10, longest + 2));
}

/** Excel's rules: at most 31 characters, none of : \ / ? * [ ]. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || 'Data';
}

function rowXml(rowNumber: number, cells: readonly TableCell[], letters: string[], styles: number[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index];
    if (cell === null || cell === undefined) continue;
    const ref = `${letters[index]}${rowNumber}`;
    if (typeof cell === 'string') {
      xml += `<c r="${ref}" t="inlineStr"><is>${textElement(cell)}</is></c>`;
    } else {
      // Dates are serial day numbers counted from 1900 (25569 is 1970-01-01), shown by their cell format.
      const value = typeof cell === 'number' ? cell : 25569 + cell.getTime() / 86_400_000;
      if (Number.isFinite(value)) xml += `<c r="${ref}" s="${styles[index]}"><v>${value}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

function sheetStart(table: readonly TableColumn[], letters: string[]): string {
  const widths = table
    .map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`)
    .join('');
  const header = table
    .map(
      (column, index) =>
        `<c r="${letters[index]}1" s="${STYLE.header}" t="inlineStr"><is>${textElement(column.header)}</is></c>`,
    )
    .join('');
  return (
    `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols>` +
    `<sheetData><row r="1" s="${STYLE.header}" customFormat="1">${header}</row>`
  );
}

/** A, B, … Z, AA, AB, … for a zero-based column index. */
function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** A `<t>`, keeping leading and trailing spaces and line breaks, which XML would otherwise let readers drop. */
function textElement(text: string): string {
  const padded = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
  return padded ? `<t xml:space="preserve">${xmlText(text)}</t>` : `<t>${xmlText(text)}</t>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const contentTypes = (worksheetCount: number) =>
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  Array.from(
    { length: worksheetCount },
    (_, index) =>
      `<Override PartName="/${worksheetPart(index)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('') +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

/** A relationships part; each relationship's id is its place in the list (rId1, rId2, …). */
const relationshipsPart = (relationships: { type: string; target: string }[]) =>
  `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
  relationships
    .map(({ type, target }, index) => `<Relationship Id="rId${index + 1}" Type="${type}" Target="${target}"/>`)
    .join('') +
  '</Relationships>';

const PACKAGE_RELATIONSHIPS = relationshipsPart([
  { type: `${RELATIONSHIPS_NS}/officeDocument`, target: 'xl/workbook.xml' },
  { type: `${PACKAGE_RELATIONSHIPS_NS}/metadata/core-properties`, target: 'docProps/core.xml' },
]);

/** The worksheets first, so worksheet n is rId<n> (see workbook), then the styles. */
const workbookRelationships = (worksheetCount: number) =>
  relationshipsPart([
    ...Array.from({ length: worksheetCount }, (_, index) => ({
      type: `${RELATIONSHIPS_NS}/worksheet`,
      target: worksheetPart(index).slice('xl/'.length),
    })),
    { type: `${RELATIONSHIPS_NS}/styles`, target: 'styles.xml' },
  ]);

/** cellXfs: 0 plain, 1 bold (header), 2 date and time, 3 coordinate (six decimals); see STYLE. */
const STYLES =
  `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="165" formatCode="0.000000"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function workbook(sheetNames: readonly string[]): string {
  const sheets = sheetNames
    .map((name, index) => `<sheet name="${xmlAttribute(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
    .join('');
  return (
    `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
    `<bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`
  );
}

function coreProperties(author: string, at: Date): string {
  const name = xmlText(author);
  const time = `${at.toISOString().slice(0, 19)}Z`;
  return (
    `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>${name}</dc:creator><cp:lastModifiedBy>${name}</cp:lastModifiedBy>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${time}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${time}</dcterms:modified></cp:coreProperties>`
  );
}
