import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvChunks, csvField, UTF8_BOM } from './csv-writer';
import { documentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';
import { kosovoWallClock, neutraliseFormula } from './table-rows';
import { TERMS } from './testing/document-fixtures';
import { safeSheetName, writeTextSheets, writeXlsx } from './xlsx-writer';

const texts = documentTexts('en');

const columns: ExportColumn[] = [
  { questionId: 7, questionNr: '1.2', title: 'Materiali' },
  { questionId: 9, questionNr: '2.1', title: 'Shënime' },
];

const row = (overrides: Partial<ExportRow> = {}): ExportRow => ({
  id: '0b6f5c1e-6f0a-4c39-9d55-3f2a8a1b7c10',
  name: 'Kulla e Jasharëve',
  municipality: 'Skënderaj',
  village: 'Prekaz',
  date: '2024-05-03T10:00:00.000Z',
  status: 'APPROVED',
  latitude: 42.7661,
  longitude: -20.5,
  riskLevel: 'high',
  answers: { 7: 'Gur, dru', 9: 'Thënë "mirë"\nrresht i dytë' },
  ...overrides,
});

async function* batchesOf(...batches: ExportRow[][]) {
  for (const batch of batches) yield batch;
}

async function collect(chunks: AsyncIterable<string>) {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

const CITATION = 'Monumente. Trashëgimia. https://trashegimia.example/data/1 (accessed 15 January 2025).';

describe('neutraliseFormula', () => {
  it.each(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'])('prefixes %j with an apostrophe', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it('leaves other text alone', () => {
    expect(neutraliseFormula('Kulla = kështjellë')).toBe('Kulla = kështjellë');
  });
});

describe('csvField', () => {
  it('quotes fields with commas, quotes and line breaks and doubles the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvField(null)).toBe('');
    expect(csvField(-20.5)).toBe('-20.5');
  });
});

describe('csvChunks', () => {
  it('writes a BOM, a header and one CRLF row per asset across batches', async () => {
    const csv = await collect(
      csvChunks(
        columns,
        batchesOf([row()], [], [row({ id: 'x2', name: '=HYPERLINK("http://evil")', answers: { 9: '-5' } })]),
        texts,
      ),
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'ID,Name,Municipality,Village,Date,Status,Latitude,Longitude,Risk level,1.2 Materiali,2.1 Shënime',
    );
    expect(lines[1]).toBe(
      '0b6f5c1e-6f0a-4c39-9d55-3f2a8a1b7c10,Kulla e Jasharëve,Skënderaj,Prekaz,2024-05-03 12:00:00,Approved,42.7661,-20.5,High,"Gur, dru","Thënë ""mirë""\nrresht i dytë"',
    );
    // Formula-looking text is neutralised; the negative longitude is a number and stays as it is.
    expect(lines[2]).toBe(
      `x2,"'=HYPERLINK(""http://evil"")",Skënderaj,Prekaz,2024-05-03 12:00:00,Approved,42.7661,-20.5,High,,'-5`,
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });
});

describe('kosovoWallClock', () => {
  it('reads the instant on Kosovo clocks, summer and winter', () => {
    expect(kosovoWallClock('2024-05-03T10:00:00Z').toISOString()).toBe('2024-05-03T12:00:00.000Z');
    expect(kosovoWallClock('2024-01-03T23:30:00Z').toISOString()).toBe('2024-01-04T00:30:00.000Z');
    // Clocks go forward at 01:00 UTC on the last Sunday of March.
    expect(kosovoWallClock('2024-03-31T00:59:00Z').toISOString()).toBe('2024-03-31T01:59:00.000Z');
    expect(kosovoWallClock('2024-03-31T01:00:00Z').toISOString()).toBe('2024-03-31T03:00:00.000Z');
    // Clocks go back at 01:00 UTC on the last Sunday of October.
    expect(kosovoWallClock('2024-10-27T00:59:00Z').toISOString()).toBe('2024-10-27T02:59:00.000Z');
    expect(kosovoWallClock('2024-10-27T01:00:00Z').toISOString()).toBe('2024-10-27T02:00:00.000Z');
    expect(kosovoWallClock('2024-10-27T23:00:00Z').toISOString()).toBe('2024-10-28T00:00:00.000Z');
  });
});

describe('writeXlsx', () => {
  it('writes two batches into a workbook that exceljs opens with the expected header and rows', async () => {
    const target = new PassThrough();
    const chunks: Buffer[] = [];
    target.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeXlsx(target, {
      sheetName: 'Monumente: [test]',
      columns,
      batches: batchesOf([row()], [row({ id: 'x2', name: '@SUM(1)', latitude: null, answers: {} })]),
      texts,
      about: { ...TERMS, citation: CITATION, exportedAt: new Date('2025-01-15T09:30:00Z'), language: 'en' },
    });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Monumente test');
    expect(sheet.rowCount).toBe(3);
    // A second sheet names the dataset, its last update, the licence its data is offered under and
    // when it was exported.
    const about = workbook.worksheets[1]!;
    expect(about.name).toBe('About');
    expect([2, 3, 4, 5, 6, 7].map((row) => about.getRow(row).values)).toEqual([
      [undefined, 'Dataset', 'Monumente: [test]'],
      [undefined, 'Dataset last updated', expect.stringContaining('10 January 2025')],
      [undefined, 'Licence', 'CC BY 4.0'],
      [undefined, 'Licence text', 'https://creativecommons.org/licenses/by/4.0/'],
      [undefined, 'Exported on', expect.stringContaining('2025')],
      [undefined, 'How to cite', CITATION],
    ]);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Name',
      'Municipality',
      'Village',
      'Date',
      'Status',
      'Latitude',
      'Longitude',
      'Risk level',
      '1.2 Materiali',
      '2.1 Shënime',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('Kulla e Jasharëve');
    expect(first.getCell(5).value).toEqual(new Date('2024-05-03T12:00:00Z'));
    expect(first.getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(first.getCell(7).value).toBe(42.7661);
    expect(first.getCell(8).value).toBe(-20.5);
    expect(first.getCell(11).value).toBe('Thënë "mirë"\nrresht i dytë');

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe('x2');
    // Text, never a formula, and shown as typed: no apostrophe in front.
    expect(second.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(second.getCell(2).value).toBe('@SUM(1)');
    expect(second.getCell(7).value).toBeNull();
  });

  it('keeps sheet names within Excel rules', () => {
    expect(safeSheetName('a/b\\c?d*e[f]g:h')).toBe('a b c d e f g h');
    expect(safeSheetName('x'.repeat(40))).toHaveLength(31);
    expect(safeSheetName(' :: ')).toBe('Data');
  });
});

/** What `write` streams into a target, as one buffer. */
async function written(write: (target: PassThrough) => Promise<void>): Promise<Buffer> {
  const target = new PassThrough();
  const chunks: Buffer[] = [];
  target.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(target);
  return Buffer.concat(chunks);
}

describe('writeTextSheets', () => {
  it('writes several named sheets into one workbook that exceljs opens sheet by sheet, text exactly as given', async () => {
    const file = await written((target) =>
      writeTextSheets(
        target,
        [
          {
            name: 'survey',
            header: ['type', 'name', 'label::Albanian (sq)'],
            rows: [
              ['select_one q1_options', 'q1', 'Materiali <kryesor> & "tjetër"'],
              ['text', 'q2', '=SUM(A1)'],
            ],
          },
          { name: 'choices', header: ['list_name', 'name', 'condition'], rows: [['q1_options', 'Gur', '']] },
          { name: 'settings', header: ['form_title'], rows: [['Trashëgimia\nrresht i dytë']] },
        ],
        'Trashëgimia',
      ),
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['survey', 'choices', 'settings']);
    const [survey, choices, settings] = workbook.worksheets as [
      ExcelJS.Worksheet,
      ExcelJS.Worksheet,
      ExcelJS.Worksheet,
    ];
    expect(survey.getRow(1).values).toEqual([undefined, 'type', 'name', 'label::Albanian (sq)']);
    expect(survey.getRow(1).font?.bold).toBe(true);
    expect(survey.getRow(2).values).toEqual([
      undefined,
      'select_one q1_options',
      'q1',
      'Materiali <kryesor> & "tjetër"',
    ]);
    // Text, not a formula: an XLSForm must read back as written.
    expect(survey.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(survey.getRow(3).getCell(3).value).toBe('=SUM(A1)');
    expect(survey.rowCount).toBe(3);
    expect(choices.getRow(2).values).toEqual([undefined, 'q1_options', 'Gur']);
    expect(choices.getRow(2).getCell(3).value).toBeNull();
    expect(settings.getRow(2).getCell(1).value).toBe('Trashëgimia\nrresht i dytë');
  });

  it('refuses two sheets of one name rather than write a workbook Excel would repair', async () => {
    const sheet = { name: 'Survey', header: ['type'], rows: [] };
    await expect(
      written((target) => writeTextSheets(target, [sheet, { ...sheet, name: 'survey' }], 'Trashëgimia')),
    ).rejects.toThrow(/share a name/);
  });
});
