import { MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@trashegimia/contract/import-limits';

/** A sheet as text: the header row and the data rows, each padded to the widest row. */
export type Sheet = {
  headers: string[];
  rows: string[][];
  /**
   * The number of each of `rows` as the file shows it (its first row being 1), since empty rows are
   * dropped. The readers give it; a sheet without it has its rows right under the header.
   */
  rowNumbers?: number[];
};

/**
 * Why a file cannot be imported. Thrown in the worker that reads it and sent back as data (an
 * error's class does not cross threads); `status` is 400, or 413 when the file holds too much.
 */
export class SheetRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export const tooManyColumns = () =>
  new SheetRefusal(
    'too_many_columns',
    `The file has values beyond column ${MAX_IMPORT_COLUMNS.toLocaleString('en')}; at most ${MAX_IMPORT_COLUMNS.toLocaleString('en')} columns can be imported`,
  );

/**
 * The rows of a sheet as they are read, within the limits: empty rows are dropped, and the file is
 * refused as soon as it has more than MAX_IMPORT_ROWS data rows, a value beyond MAX_IMPORT_COLUMNS,
 * or more than MAX_IMPORT_CELLS cells.
 * `cells` may be sparse (an XLSX row names its cells' columns); missing cells are empty.
 */
export class SheetTable {
  private readonly table: string[][] = [];
  private readonly numbers: number[] = [];
  private lastNumber = 0;
  private width = 0;

  /** `number` is the row's own when the file names it (an XLSX row may); otherwise it follows the one before. */
  add(cells: string[], number = this.lastNumber + 1) {
    this.lastNumber = number;
    let last = cells.length - 1;
    while (last >= 0 && !cells[last]) last--;
    if (last < 0) return;
    if (last >= MAX_IMPORT_COLUMNS) throw tooManyColumns();
    if (this.table.length > MAX_IMPORT_ROWS) {
      throw new SheetRefusal(
        'too_many_rows',
        `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en')} can be imported at once`,
      );
    }
    // Empty cells after the last value stay (a CSV's trailing separators make columns), up to the limit.
    const width = Math.min(cells.length, MAX_IMPORT_COLUMNS);
    this.width = Math.max(this.width, width);
    // Every row is padded to the widest: a few values far right would make a large table of empty cells.
    if ((this.table.length + 1) * this.width > MAX_IMPORT_CELLS) {
      throw new SheetRefusal(
        'too_many_cells',
        `The file has more than ${MAX_IMPORT_CELLS.toLocaleString('en')} cells (rows × columns); split it into smaller files`,
      );
    }
    const row: string[] = [];
    for (let index = 0; index < width; index++) row.push(cells[index] ?? '');
    this.table.push(row);
    this.numbers.push(number);
  }

  finish(): Sheet {
    if (this.table.length === 0) throw new SheetRefusal('empty_file', 'The file has no header row');
    return this.contents();
  }

  /** What was read, even nothing: a workbook may hold empty sheets beside the ones that matter. */
  contents(): Sheet {
    const [headers = [], ...rows] = this.table;
    for (const row of this.table) while (row.length < this.width) row.push('');
    return { headers, rows, rowNumbers: this.numbers.slice(1) };
  }
}
