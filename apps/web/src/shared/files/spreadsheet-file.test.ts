import { describe, expect, it } from 'vitest';
import { checkSpreadsheet, spreadsheetAccept } from './spreadsheet-file';

const MAX_BYTES = 30 * 1024 * 1024;
const BOTH = ['xlsx', 'csv'] as const;

const fileOf = (name: string, size: number, type = '') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('checkSpreadsheet', () => {
  it('takes the kind from the name, whatever type the browser reports', () => {
    expect(checkSpreadsheet(fileOf('Regjistri.CSV', 10, 'application/vnd.ms-excel'), MAX_BYTES, BOTH)).toEqual({
      kind: 'csv',
    });
    expect(checkSpreadsheet(fileOf('register.xlsx', 10), MAX_BYTES, BOTH)).toEqual({ kind: 'xlsx' });
  });

  it('refuses other files, empty files and files over the limit', () => {
    expect(checkSpreadsheet(fileOf('register.xls', 10), MAX_BYTES, BOTH)).toEqual({ problem: 'type' });
    expect(checkSpreadsheet(fileOf('csv', 10), MAX_BYTES, BOTH)).toEqual({ problem: 'type' });
    expect(checkSpreadsheet(fileOf('register.csv', 0), MAX_BYTES, BOTH)).toEqual({ problem: 'empty' });
    expect(checkSpreadsheet(fileOf('register.csv', MAX_BYTES + 1), MAX_BYTES, BOTH)).toEqual({ problem: 'size' });
    expect(checkSpreadsheet(fileOf('register.csv', MAX_BYTES), MAX_BYTES, BOTH)).toEqual({ kind: 'csv' });
  });

  it('refuses a CSV where only a workbook will do', () => {
    expect(checkSpreadsheet(fileOf('form.csv', 10), MAX_BYTES, ['xlsx'])).toEqual({ problem: 'type' });
    expect(spreadsheetAccept(['xlsx'])).toBe('.xlsx');
    expect(spreadsheetAccept(BOTH)).toBe('.xlsx,.csv');
  });
});
