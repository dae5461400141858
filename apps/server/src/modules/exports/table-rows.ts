import { DOCUMENT_TIME_ZONE, type DocumentTexts } from './document-texts';
import type { ExportColumn, ExportRow } from './export-types';

/**
 * The spreadsheet shape shared by CSV and XLSX: fixed columns, then one per question. Text stays as
 * typed here: the CSV writer neutralises formula-like text (csvField), while XLSX writes text as
 * inline strings, which a spreadsheet never runs. Coordinates stay numbers and the date a date.
 */
export type TableCell = string | number | Date | null;

export type TableColumn = { header: string; kind: 'text' | 'number' | 'date'; width: number };

export function tableColumns(columns: readonly ExportColumn[], texts: DocumentTexts): TableColumn[] {
  const c = texts.columns;
  return [
    { header: c.id, kind: 'text', width: 38 },
    { header: c.name, kind: 'text', width: 36 },
    { header: c.municipality, kind: 'text', width: 18 },
    { header: c.village, kind: 'text', width: 18 },
    { header: c.date, kind: 'date', width: 18 },
    { header: c.status, kind: 'text', width: 12 },
    { header: c.latitude, kind: 'number', width: 12 },
    { header: c.longitude, kind: 'number', width: 12 },
    { header: c.riskLevel, kind: 'text', width: 12 },
    ...columns.map((column) => ({
      header: answerHeader(column),
      kind: 'text' as const,
      width: Math.min(40, Math.max(14, Math.ceil((column.questionNr.length + column.title.length + 1) * 0.6))),
    })),
  ];
}

/** What a question's answers are headed by in every format: its number and its title ('1.2 Materiali'). */
export function answerHeader(column: ExportColumn): string {
  return [column.questionNr, column.title].filter(Boolean).join(' ');
}

/** One asset as cells in the order of `tableColumns`; the date is the asset's local date and time in Kosovo. */
export function tableRow(row: ExportRow, columns: readonly ExportColumn[], texts: DocumentTexts): TableCell[] {
  // Built in place rather than mapped: this runs once per asset of exports of 100,000 rows and more.
  const cells: TableCell[] = [
    row.id,
    row.name,
    row.municipality,
    row.village,
    kosovoWallClock(row.date),
    texts.status[row.status],
    row.latitude,
    row.longitude,
    texts.risk[row.riskLevel],
  ];
  for (const column of columns) cells.push(row.answers[column.questionId] ?? null);
  return cells;
}

/** =, +, -, @, tab and carriage return. */
const FORMULA_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

/**
 * CSV text that a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading
 * apostrophe (OWASP 'CSV injection'). Numbers never pass through here, so coordinates stay numeric.
 * Not for XLSX: its inline strings are text whatever they start with, and would show the apostrophe.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.has(text.charCodeAt(0)) ? `'${text}` : text;
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: DOCUMENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Kosovo's offset from UTC at the start of a UTC hour, from the time-zone database. */
function offsetAtHour(hourStart: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(hourStart).map((part) => [part.type, part.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - hourStart;
}

/**
 * Kosovo's offset by UTC day, or null on the two days a year the clocks change; kept small. Assets'
 * dates spread over years, so a cache by hour missed on nearly every row of an export and asked the
 * time-zone database each time (a twentieth of a whole export's time).
 */
const offsetByDay = new Map<number, number | null>();

/** Offsets only change on the hour, and never twice in a day. */
function kosovoOffset(instant: number): number {
  const day = Math.floor(instant / DAY);
  let offset = offsetByDay.get(day);
  if (offset === undefined) {
    const first = offsetAtHour(day * DAY);
    offset = first === offsetAtHour(day * DAY + DAY - HOUR) ? first : null;
    if (offsetByDay.size > 10_000) offsetByDay.clear();
    offsetByDay.set(day, offset);
  }
  return offset ?? offsetAtHour(Math.floor(instant / HOUR) * HOUR);
}

/**
 * Spreadsheets have no time zones: a date cell is a wall-clock reading. This returns a Date whose UTC
 * fields are the asset's date and time in Kosovo, which is how exceljs and `formatCsvDate` read it.
 */
export function kosovoWallClock(iso: string): Date {
  const instant = Date.parse(iso);
  return new Date(instant + kosovoOffset(instant));
}

/** 'YYYY-MM-DD HH:mm:ss', which Excel and LibreOffice read as a date and time. */
export function formatCsvDate(wallClockDate: Date): string {
  return wallClockDate.toISOString().slice(0, 19).replace('T', ' ');
}
