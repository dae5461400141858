/** What other modules use of spreadsheet imports: reading a workbook, away from the thread that serves requests. */
export { type NamedSheet, readWorkbook } from './spreadsheet';
export type { Sheet } from './sheet-table';
