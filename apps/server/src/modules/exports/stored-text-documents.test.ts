import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { documentFromDetail } from './asset-document';
import { renderAssetPdf } from './asset-pdf';
import { csvChunks } from './csv-writer';
import { answerDetail, assetDetail, TERMS } from './testing/document-fixtures';
import { documentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';
import { neutraliseFormula } from './table-rows';
import { writeXlsx } from './xlsx-writer';

/** What a collector or an attacker may have typed into a name or an answer. */
const MARKUP = '<script>window.__xss=1</script><img src=x onerror="window.__xss=1">';
const FORMULAS = ['=HYPERLINK("http://evil","x")', '+1+cmd|/C calc!A0', '-2+3', '@SUM(1)', '\t=1', '\r=1'];

const texts = documentTexts('en');
const columns: ExportColumn[] = FORMULAS.map((_, index) => ({
  questionId: index + 1,
  questionNr: `${index + 1}`,
  title: FORMULAS[index]!,
}));
const hostileRow: ExportRow = {
  id: '0b6f5c1e-6f0a-4c39-9d55-3f2a8a1b7c10',
  name: MARKUP,
  municipality: '=1+1',
  village: '@village',
  date: '2024-05-03T10:00:00.000Z',
  status: 'APPROVED',
  latitude: -42.5,
  longitude: 20.5,
  riskLevel: 'high',
  answers: Object.fromEntries(FORMULAS.map((formula, index) => [index + 1, formula])),
};

async function* oneBatch() {
  yield [hostileRow];
}

const FORMULA_START = /^[=+\-@\t\r]/;

describe('stored text in exported files', () => {
  it('never lets a cell start a formula, and keeps every other text as it was typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...FORMULAS)), (text) => {
        const cell = neutraliseFormula(text);
        expect(cell).not.toMatch(FORMULA_START);
        expect(cell === text || cell === `'${text}`).toBe(true);
        if (!FORMULA_START.test(text)) expect(cell).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('writes a CSV whose formula-like cells are neutralised and whose markup is plain text', async () => {
    let csv = '';
    for await (const chunk of csvChunks(columns, oneBatch(), texts)) csv += chunk;
    const [header, row] = csv.slice(1).split('\r\n');

    expect(header).toContain(`"1 =HYPERLINK(""http://evil"",""x"")"`);
    expect(row).toContain(`"<script>window.__xss=1</script><img src=x onerror=""window.__xss=1"">"`);
    expect(row).toContain(",'=1+1,'@village,");
    expect(row).toContain(`"'=HYPERLINK(""http://evil"",""x"")",'+1+cmd|/C calc!A0,'-2+3,'@SUM(1),'\t=1,"'\r=1"`);
    // Coordinates are numbers, never text, so a negative one stays a number.
    expect(row).toContain(',-42.5,20.5,');
  });

  it('writes an XLSX that shows formula-like text exactly as typed, without an apostrophe, and no cell a formula', async () => {
    const target = new PassThrough();
    const chunks: Buffer[] = [];
    target.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeXlsx(target, {
      sheetName: 'Monumente',
      columns,
      batches: oneBatch(),
      texts,
      about: { ...TERMS, exportedAt: new Date('2025-01-15T09:30:00Z'), language: 'en' },
    });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => void cells.push(cell)));

    expect(cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula)).toEqual([]);
    const textCells = cells.map((cell) => cell.value).filter((value) => typeof value === 'string');
    expect(textCells.filter((value) => value.startsWith("'"))).toEqual([]);
    expect(textCells).toContain(MARKUP);
    // Inline strings: text whatever it starts with. XML reads a carriage return back as a line feed.
    const asTyped = FORMULAS.map((formula) => formula.replace(/\r/g, '\n'));
    expect(textCells).toEqual(expect.arrayContaining([...asTyped, '=1+1', '@village']));
    // The header of a question titled like a formula, too.
    expect(textCells).toContain(`1 ${FORMULAS[0]}`);
  });
});

describe('stored text in PDFs', () => {
  it('prints markup and formula-like answers as the text they are', async () => {
    const detail = assetDetail({
      name: MARKUP,
      answers: [
        answerDetail({ questionId: 1, questionNr: '1.1', title: MARKUP, value: MARKUP }),
        answerDetail({ questionId: 2, questionNr: '1.2', title: 'Formula', value: FORMULAS[0]! }),
      ],
    });
    const pdf = await buffer(
      renderAssetPdf(
        documentFromDetail(detail, '#8B4513', 'en'),
        null,
        {
          language: 'en',
          texts,
          generatedAt: new Date('2025-01-15T09:30:00Z'),
          terms: TERMS,
        },
        'https://trashegimia.example/assets/1',
      ),
    );

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const printed = text.replace(/\s+/g, ' ');
    expect(printed).toContain('<script>window.__xss=1</script>');
    expect(printed).toContain('<img src=x onerror="window.__xss=1">');
    expect(printed).toContain('=HYPERLINK("http://evil","x")');
  });
});
