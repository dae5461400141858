import { NewQuestionOption } from '@trashegimia/contract/questions';
import type { DraftOption } from './survey-draft';

export type PastedOption = Pick<DraftOption, 'value' | 'descriptionXk' | 'descriptionEn' | 'descriptionSr'>;

export type PastedOptions = {
  options: PastedOption[];
  /** Lines the server would refuse (a cell too long, say), left out. */
  refused: number;
};

/**
 * A cell as a spreadsheet copies it: quoted when it holds a tab, a line break or a quote (quotes
 * inside doubled), else plain up to the next tab or line break. A quote that does not close right
 * before a separator is plain text.
 */
const CELL = /"((?:[^"]|"")*)"(?=[\t\r\n]|$)|[^\t\r\n]*/y;

/** Rows of cells: tabs separate cells, line breaks (\n, \r\n or \r) rows. */
const spreadsheetRows = (text: string) => {
  const cell = new RegExp(CELL);
  const rows: string[][] = [[]];
  for (let position = 0; ;) {
    cell.lastIndex = position;
    // Always matches: a plain cell may be empty.
    const match = cell.exec(text)!;
    rows.at(-1)!.push(match[1] === undefined ? match[0] : match[1].replaceAll('""', '"'));
    position = cell.lastIndex;
    if (position >= text.length) return rows;
    if (text[position] === '\t') {
      position += 1;
    } else {
      position += text.startsWith('\r\n', position) ? 2 : 1;
      rows.push([]);
    }
  }
};

/**
 * Options pasted as text: one per line, or rows copied from a spreadsheet, whose columns are the
 * value, then the labels in Albanian, English and Serbian. Blank lines are skipped, columns beyond
 * the fourth ignored, and lines the contract refuses are counted rather than added.
 */
export const parsePastedOptions = (text: string): PastedOptions => {
  const options: PastedOption[] = [];
  let refused = 0;
  for (const cells of spreadsheetRows(text)) {
    const [value = '', descriptionXk = '', descriptionEn = '', descriptionSr = ''] = cells.map((cell) => cell.trim());
    if (!value && !descriptionXk && !descriptionEn && !descriptionSr) continue;
    const option = { value, descriptionXk, descriptionEn, descriptionSr };
    if (NewQuestionOption.safeParse(option).success) options.push(option);
    else refused += 1;
  }
  return { options, refused };
};
