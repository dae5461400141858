import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@trashegimia/contract/imports';
import { readCsv } from './csv-reader';
import { SheetRefusal } from './sheet-table';
import { readSheet, readWorkbook } from './spreadsheet';
import { numberedRows, repeated, workbookOf } from './testing/workbooks';
import { readXlsx, readXlsxSheets } from './xlsx-reader';

/** Why reading refused the file (and fails the test when it did not). */
const refusalOf = async (read: () => unknown) => {
  try {
    await read();
  } catch (error) {
    if (error instanceof SheetRefusal) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('the file was read');
};

const csv = (text: string) => readCsv(Buffer.from(text));

/** A column's letters: 1 → A, 1000 → ALL. */
const letters = (column: number): string =>
  column > 26
    ? letters(Math.floor((column - 1) / 26)) + letters(((column - 1) % 26) + 1)
    : String.fromCharCode(64 + column);

describe('reading an XLSX workbook', () => {
  it('reads the first sheet as a person sees it: texts, rich text, numbers, booleans, dates, formulas’ results, row numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Regjistri');
    sheet.addRow(['Emri', 'Lat', 'Data', 'Ora', 'Aktiv', 'Formula', 'Teksti', 'Gabim']);
    sheet.addRow([
      { richText: [{ text: ' Kulla ', font: { bold: true } }, { text: 'e Mazrekut ' }] },
      42.380000000000003,
      new Date(Date.UTC(2023, 8, 1)),
      new Date(Date.UTC(2024, 0, 2, 13, 45, 7)),
      true,
      { formula: 'B2*2', result: 84.76 },
      { formula: 'A2&"!"', result: 'Kulla!' },
      { error: '#DIV/0!' },
    ]);
    sheet.addRow([]);
    sheet.addRow(['  Ura  ']);
    sheet.getCell('D4').value = 31.5;
    sheet.getCell('D4').numFmt = 'dd.mm.yyyy';
    sheet.getCell('J5').value = 'larg';
    workbook.addWorksheet('Tjetër').addRow(['nuk lexohet']);

    expect(await readXlsx(Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual({
      headers: ['Emri', 'Lat', 'Data', 'Ora', 'Aktiv', 'Formula', 'Teksti', 'Gabim', '', ''],
      rows: [
        [
          'Kulla e Mazrekut',
          '42.38',
          '2023-09-01T00:00:00.000Z',
          '2024-01-02T13:45:07.000Z',
          'true',
          '84.76',
          'Kulla!',
          '',
          '',
          '',
        ],
        ['Ura', '', '', '1900-01-30T12:00:00.000Z', '', '', '', '', '', ''],
        ['', '', '', '', '', '', '', '', '', 'larg'],
      ],
      rowNumbers: [2, 4, 5],
    });
  });

  it('reads every sheet by the name on its tab, in tab order, an empty one included', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('survey').addRows([
      ['type', 'name'],
      ['text', 'emri'],
    ]);
    const choices = workbook.addWorksheet('Choices');
    choices.addRows([
      ['list_name', 'name'],
      ['po_jo', 'po'],
    ]);
    choices.getCell('A5').value = 'po_jo';
    choices.getCell('B5').value = 'jo';
    workbook.addWorksheet('settings');

    expect(await readXlsxSheets(Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual([
      { name: 'survey', sheet: { headers: ['type', 'name'], rows: [['text', 'emri']], rowNumbers: [2] } },
      {
        name: 'Choices',
        sheet: {
          headers: ['list_name', 'name'],
          rows: [
            ['po_jo', 'po'],
            ['po_jo', 'jo'],
          ],
          rowNumbers: [2, 5],
        },
      },
      { name: 'settings', sheet: { headers: [], rows: [], rowNumbers: [] } },
    ]);
  });

  it('counts dates from 1904 in a workbook that says so', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    workbook.addWorksheet('S').addRows([['Data'], [new Date(Date.UTC(2020, 1, 29))]]);
    expect((await readXlsx(Buffer.from(await workbook.xlsx.writeBuffer()))).rows).toEqual([
      ['2020-02-29T00:00:00.000Z'],
    ]);
  });

  it('reads inline strings without their phonetic reading, and cells that do not name their column', async () => {
    const file = workbookOf([
      '<row><c t="inlineStr"><is><r><t>Kulla </t></r><r><t>e Mazrekut</t></r><rPh><t>x</t></rPh></is></c>',
      '<c t="b"><v>0</v></c><c t="str"><f>A1</f><v> Prizren </v></c></row>',
      '<row r="7"><c r="C7"><v>1E-3</v></c><c r="D7" s="0"/></row>',
    ]);
    expect(await readXlsx(file)).toEqual({
      headers: ['Kulla e Mazrekut', 'false', 'Prizren'],
      rows: [['', '', '0.001']],
      rowNumbers: [7],
    });
  });

  it('takes 50,000 rows and 1,000 columns, and refuses one more row, column or too many cells', async () => {
    const row = (number: number) => `<row r="${number}"><c r="A${number}"><v>${number}</v></c></row>`;
    expect((await readXlsx(workbookOf(numberedRows(MAX_IMPORT_ROWS + 1, row)))).rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(await refusalOf(() => readXlsx(workbookOf(numberedRows(MAX_IMPORT_ROWS + 2, row))))).toMatchObject({
      code: 'too_many_rows',
      status: 400,
    });

    const cellAt = (column: number) => `<row><c r="${letters(column)}1"><v>1</v></c></row>`;
    expect((await readXlsx(workbookOf([cellAt(MAX_IMPORT_COLUMNS)]))).headers).toHaveLength(MAX_IMPORT_COLUMNS);
    expect(await refusalOf(() => readXlsx(workbookOf([cellAt(MAX_IMPORT_COLUMNS + 1)])))).toMatchObject({
      code: 'too_many_columns',
    });

    // One value far right pads every row to that width.
    const rows = MAX_IMPORT_CELLS / MAX_IMPORT_COLUMNS + 1;
    expect(await refusalOf(() => readXlsx(workbookOf(repeated(cellAt(MAX_IMPORT_COLUMNS), rows))))).toMatchObject({
      code: 'too_many_cells',
    });
  });

  it('refuses archives that unpack to more than they declare, or pack too tightly', async () => {
    const rows = () => repeated('<row><c><v>1</v></c></row>'.repeat(2500), 100);
    expect(await refusalOf(() => readXlsx(workbookOf(rows(), { declaredSheetSize: 1_000 })))).toMatchObject({
      code: 'file_too_large_unpacked',
      status: 413,
      message: expect.stringMatching(/more than the 1000 bytes it declares/),
    });
    expect(await refusalOf(() => readXlsx(workbookOf(rows())))).toMatchObject({
      code: 'file_too_large_unpacked',
      message: expect.stringMatching(/packed more than 200 times smaller/),
    });
  });
});

describe('reading a CSV file', () => {
  it('reads quoted fields with separators, quotes and line breaks, any line ending, and guesses the separator', () => {
    expect(csv('\uFEFFa;b;c\r\n"x;1";"q ""w""";\r\n\r\n"two\nlines";2\rlast; "unclosed')).toEqual({
      headers: ['a', 'b', 'c'],
      rows: [
        ['x;1', 'q "w"', ''],
        ['two\nlines', '2', ''],
        ['last', '"unclosed', ''],
      ],
      rowNumbers: [2, 4, 5],
    });
    expect(csv('a,b\n1,"2,5"\n')).toEqual({ headers: ['a', 'b'], rows: [['1', '2,5']], rowNumbers: [2] });
  });

  it('refuses a line longer than a MiB where it finds it, and too many rows or columns', async () => {
    const MiB = 1024 * 1024;
    expect(csv(`a\n${'x'.repeat(MiB)}\n`).rows[0]![0]).toHaveLength(MiB);
    expect(await refusalOf(() => csv(`a\n${'x'.repeat(MiB + 1)}\n`))).toMatchObject({
      code: 'line_too_long',
      message: expect.stringMatching(/^Line 2 /),
    });
    expect(await refusalOf(() => csv(`a\n"${'x\n'.repeat(MiB / 2)}"`))).toMatchObject({ code: 'line_too_long' });
    expect(await refusalOf(() => csv(`a\n${'1\n'.repeat(MAX_IMPORT_ROWS + 1)}`))).toMatchObject({
      code: 'too_many_rows',
    });
    expect(await refusalOf(() => csv(`${',a'.repeat(MAX_IMPORT_COLUMNS)}\n`))).toMatchObject({
      code: 'too_many_columns',
    });
    expect(await refusalOf(() => csv('\r\n , \n'))).toMatchObject({ code: 'empty_file' });
  });
});

describe('reading in a worker thread', () => {
  // 8,000 cells of 30,000 characters, 240 MB of text: within every limit, and slow to read.
  const text = randomBytes(480).toString('base64').repeat(47);
  const slow = workbookOf(repeated(`<row><c t="inlineStr"><is><t>${text}</t></is></c></row>`, 8_000));

  it('refuses a cell longer than a spreadsheet cell can be', async () => {
    const tooLong = workbookOf([`<row><c t="inlineStr"><is><t>${'a'.repeat(40_000)}</t></is></c></row>`]);
    await expect(readSheet('xlsx', tooLong)).rejects.toMatchObject({ statusCode: 400, code: 'unreadable_file' });
  });

  it('gives what the readers give, and gives up on a file that takes too long', async () => {
    expect(await readSheet('csv', Buffer.from('a;b\n1;2\n'))).toEqual({
      headers: ['a', 'b'],
      rows: [['1', '2']],
      rowNumbers: [2],
    });
    await expect(readSheet('xlsx', slow, 200)).rejects.toMatchObject({
      statusCode: 413,
      code: 'parse_timeout',
      field: 'file',
    });
  });

  it('reads every sheet of a workbook with the same limits as one sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('survey').addRows([['type'], ['note']]);
    workbook.addWorksheet('choices').addRows([['list_name']]);
    expect(await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()))).toEqual([
      { name: 'survey', sheet: { headers: ['type'], rows: [['note']], rowNumbers: [2] } },
      { name: 'choices', sheet: { headers: ['list_name'], rows: [], rowNumbers: [] } },
    ]);

    const row = (number: number) => `<row r="${number}"><c r="A${number}"><v>${number}</v></c></row>`;
    await expect(readWorkbook(workbookOf(numberedRows(MAX_IMPORT_ROWS + 2, row)))).rejects.toMatchObject({
      statusCode: 400,
      code: 'too_many_rows',
      field: 'file',
    });
    await expect(readWorkbook(slow, 200)).rejects.toMatchObject({ statusCode: 413, code: 'parse_timeout' });
  });

  it('reads two files at once and asks a third to wait', async () => {
    const reading = [readSheet('xlsx', slow, 500), readSheet('xlsx', slow, 500)].map((read) =>
      expect(read).rejects.toMatchObject({ code: 'parse_timeout' }),
    );
    await expect(readSheet('csv', Buffer.from('a\n1\n'))).rejects.toMatchObject({ statusCode: 503 });
    await Promise.all(reading);
    expect((await readSheet('csv', Buffer.from('a\n1\n'))).rows).toEqual([['1']]);
  });
});
