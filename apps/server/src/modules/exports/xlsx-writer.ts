import type { Writable } from 'node:stream';
import type { DocumentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';
import { type TableCell, type TableColumn, tableColumns, tableRow } from './table-rows';
import { ZipWriter } from './zip-writer';

export type XlsxInput = {
  sheetName: string;
  columns: readonly ExportColumn[];
  batches: AsyncIterable<ExportRow[]>;
  texts: DocumentTexts;
};

/**
 * Fast deflate: the sheet is most of the work, and level 1 is several times quicker than the
 * default for a file only a little larger.
 */
const DEFLATE_LEVEL = 1;

/** Cell formats, by their index in STYLES' cellXfs. */
const STYLE = { header: 1, date: 2, number: 3 } as const;

/**
 * Streams a one-sheet workbook into `target`: a bold, frozen header row with a filter, then the rows
 * batch by batch as SpreadsheetML with inline strings, deflated into the ZIP package as they come.
 * Between batches it waits while `target` is full, so a slow download slows the database reads
 * instead of piling rows up in memory. Ends `target` when done.
 */
export async function writeXlsx(target: Writable, { sheetName, columns, batches, texts }: XlsxInput): Promise<void> {
  const table = tableColumns(columns, texts);
  const zip = new ZipWriter(target, DEFLATE_LEVEL);
  await zip.addFile('[Content_Types].xml', CONTENT_TYPES);
  await zip.addFile('_rels/.rels', PACKAGE_RELATIONSHIPS);
  await zip.addFile('docProps/core.xml', coreProperties(texts.platform, new Date()));
  await zip.addFile('xl/workbook.xml', workbook(safeSheetName(sheetName)));
  await zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELATIONSHIPS);
  await zip.addFile('xl/styles.xml', STYLES);
  await zip.addStream('xl/worksheets/sheet1.xml', async (sheet) => {
    const letters = table.map((_, index) => columnLetters(index));
    const styles = table.map((column) => (column.kind === 'text' ? 0 : STYLE[column.kind]));
    sheet.write(sheetStart(table, letters));
    let rowNumber = 1;
    for await (const batch of batches) {
      for (const asset of batch) sheet.write(rowXml(++rowNumber, tableRow(asset, columns, texts), letters, styles));
      await sheet.flushed();
    }
    sheet.write(`</sheetData><autoFilter ref="A1:${letters.at(-1)}1"/></worksheet>`);
  });
  await zip.finish();
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

/** Characters XML 1.0 does not allow, which are dropped, and those that must be escaped. */
// eslint-disable-next-line no-control-regex
const XML_UNSAFE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const XML_UNSAFE_ALL = new RegExp(XML_UNSAFE.source, 'g');
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function xmlText(text: string): string {
  return XML_UNSAFE.test(text) ? text.replace(XML_UNSAFE_ALL, (char) => XML_ESCAPES[char] ?? '') : text;
}

const xmlAttribute = (text: string) => xmlText(text).replace(/"/g, '&quot;');

/** A `<t>`, keeping leading and trailing spaces and line breaks, which XML would otherwise let readers drop. */
function textElement(text: string): string {
  const padded = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
  return padded ? `<t xml:space="preserve">${xmlText(text)}</t>` : `<t>${xmlText(text)}</t>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
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

const WORKBOOK_RELATIONSHIPS = relationshipsPart([
  { type: `${RELATIONSHIPS_NS}/worksheet`, target: 'worksheets/sheet1.xml' },
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

function workbook(sheetName: string): string {
  return (
    `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}">` +
    `<bookViews><workbookView/></bookViews><sheets><sheet name="${xmlAttribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    '</workbook>'
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
