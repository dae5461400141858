import type { Language } from '@trashegimia/contract/common';
import type { XlsFormWarning } from '@trashegimia/contract/xlsform';
import type { Sheet } from '../imports';

/**
 * The sheets of an XLSForm as xlsform-reading.ts reads them: columns by header, ignoring case,
 * texts by language, and every value that is read nowhere reported, never dropped in silence.
 */

const LANGUAGE_NAMES: Record<Language, string> = { xk: 'Albanian', en: 'English', sr: 'Serbian' };

/** How a column header names our languages: by code (in parentheses or alone) or by name. */
const LANGUAGE_CODES: Record<string, Language> = { sq: 'xk', xk: 'xk', en: 'en', sr: 'sr', 'sr-latn': 'sr' };
const LANGUAGES_BY_NAME: Record<string, Language> = {
  albanian: 'xk',
  shqip: 'xk',
  english: 'en',
  serbian: 'sr',
  srpski: 'sr',
};

/** `English (en)`, `english`, `sq`, `Srpski (sr-Latn)` → our language; null for another. */
export function languageOf(text: string): Language | null {
  const match = /^(.*?)\s*\(([^()]*)\)$/.exec(text.trim());
  const name = (match ? match[1]! : text).trim().toLowerCase();
  const code = match?.[2]!.trim().toLowerCase();
  return (code && LANGUAGE_CODES[code]) || LANGUAGES_BY_NAME[name] || LANGUAGE_CODES[name] || null;
}

/** A text in each of our languages, null where the form gives none. */
export type Texts = Record<Language, string | null>;

/** `title` and texts → titleXk, titleEn, titleSr. */
export const localizedAs = <Field extends string>(field: Field, texts: Texts) =>
  ({ [`${field}Xk`]: texts.xk, [`${field}En`]: texts.en, [`${field}Sr`]: texts.sr }) as Record<
    `${Field}${'Xk' | 'En' | 'Sr'}`,
    string | null
  >;

/** What a sheet's columns are, by header (lowercase, without language). */
export type SheetColumns = {
  /** Read as they are. */
  fields: readonly string[];
  /** Read per language: `label`, `label::English (en)`, `label:Shqip`. */
  texts: readonly string[];
  /** XLSForm's own, with nothing in a survey to map them to: each value is reported where it is. */
  unmapped: readonly string[];
  /** Why a column that is none of these is left out, reported once. */
  unknown: (header: string) => string;
};

export type Column =
  | { index: number; header: string; kind: 'field'; field: string }
  | { index: number; header: string; kind: 'text'; field: string; language: Language }
  | { index: number; header: string; kind: 'unmapped' }
  /** Read nowhere: reported once, when it holds a value. */
  | { index: number; header: string; kind: 'unread'; why: string };

/** A value and the header of its column, to say where it is. */
export type Cell = { value: string; column: string };

/** `label::English (en)`, `label:English` → label and English; `list name` is `list_name`. */
function splitHeader(header: string): { field: string; language: string | null } {
  const match = /^(.*?)::?(.*)$/.exec(header);
  const field = (match ? match[1]! : header).trim().toLowerCase().replace(/\s+/g, ' ');
  return { field: field === 'list name' ? 'list_name' : field, language: match ? match[2]!.trim() : null };
}

/** Collects the warnings of one form, each once. */
export class Warnings {
  private readonly warnings: XlsFormWarning[] = [];
  private readonly seen = new Set<string>();

  add(sheet: string, row: number | null, column: string | null, message: string) {
    // A list several questions use reports its choices' problems once.
    const key = JSON.stringify([sheet, row, column, message]);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.warnings.push({ sheet, row, column, message });
  }

  /** Sheet by sheet in the order given (others after), then row by row, a column's own (no row) first. */
  inOrder(sheetOrder: readonly string[]): XlsFormWarning[] {
    const rank = (sheet: string) => {
      const index = sheetOrder.indexOf(sheet.toLowerCase());
      return index === -1 ? sheetOrder.length : index;
    };
    return [...this.warnings].sort((a, b) => rank(a.sheet) - rank(b.sheet) || (a.row ?? 0) - (b.row ?? 0));
  }
}

/** A sheet of the form: its columns as `spec` says, and its rows as the spreadsheet numbers them. */
export class FormSheet {
  readonly rows: FormRow[];
  readonly columns: readonly Column[];

  constructor(
    readonly name: string,
    sheet: Sheet,
    spec: SheetColumns,
    defaultLanguage: Language,
    private readonly warnings: Warnings,
  ) {
    this.columns = readColumns(sheet.headers, spec, defaultLanguage);
    this.rows = sheet.rows.map((cells, index) => new FormRow(this, sheet.rowNumbers?.[index] ?? index + 2, cells));
  }

  get isEmpty() {
    return this.columns.length === 0;
  }

  has(field: string) {
    return this.columns.some((column) => 'field' in column && column.field === field);
  }

  /** The first column of a field (of its language, for texts). */
  column(field: string, language?: Language): Column | undefined {
    return this.columns.find(
      (column) =>
        'field' in column && column.field === field && (column.kind !== 'text' || column.language === language),
    );
  }

  /** A column by its header, ignoring case: choice_filter names the columns of `choices` so. */
  columnHeaded(header: string): Column | undefined {
    return this.columns.find((column) => column.header.toLowerCase() === header.toLowerCase());
  }

  warn(row: number | null, column: string | null, message: string) {
    this.warnings.add(this.name, row, column, message);
  }

  /** Reports, once each, the columns read nowhere that hold a value, all but those `used`. */
  reportUnreadColumns(used: ReadonlySet<Column> = new Set()) {
    for (const column of this.columns) {
      if (column.kind !== 'unread' || used.has(column)) continue;
      if (this.rows.some((row) => row.valueIn(column) !== '')) this.warn(null, column.header || null, column.why);
    }
  }
}

function readColumns(headers: string[], spec: SheetColumns, defaultLanguage: Language): Column[] {
  const columns: Column[] = [];
  headers.forEach((header, index) => {
    const { field, language: languageText } = splitHeader(header);
    const unread = (why: string) => columns.push({ index, header, kind: 'unread', why });
    if (header === '') return unread('A column without a header is left out');
    if (spec.unmapped.includes(field)) return columns.push({ index, header, kind: 'unmapped' });
    if (spec.fields.includes(field) && languageText === null)
      return columns.push({ index, header, kind: 'field', field });
    if (!spec.texts.includes(field)) return unread(spec.unknown(header));
    const language = languageText === null ? defaultLanguage : languageOf(languageText);
    if (language === null) {
      return unread(
        `Column "${header}" is in ${languageText}, which is none of the survey's languages (Albanian, English, Serbian); its texts are left out`,
      );
    }
    const first = columns.find(
      (column) => column.kind === 'text' && column.field === field && column.language === language,
    );
    if (first) {
      return unread(
        `Column "${header}" gives the ${LANGUAGE_NAMES[language]} ${field} again, after column "${first.header}"; it is left out`,
      );
    }
    columns.push({ index, header, kind: 'text', field, language });
  });
  return columns;
}

/** A row of a form sheet; what it reads is marked, so what it does not can be reported. */
export class FormRow {
  private readonly read = new Set<Column>();

  constructor(
    private readonly sheet: FormSheet,
    readonly number: number,
    private readonly cells: string[],
  ) {}

  valueIn(column: Column): string {
    return this.cells[column.index] ?? '';
  }

  /** A field's value, or null when it is blank. */
  take(field: string): Cell | null {
    const column = this.sheet.column(field);
    if (!column) return null;
    this.read.add(column);
    const value = this.valueIn(column);
    return value === '' ? null : { value, column: column.header };
  }

  /** A text field in each language, each cut to `maxLength` characters as `fit` does. */
  texts(field: string, maxLength: number): Texts {
    const inLanguage = (language: Language) => {
      const column = this.sheet.column(field, language);
      if (!column) return null;
      this.read.add(column);
      const value = this.valueIn(column);
      return value ? this.fit({ value, column: column.header }, maxLength) : null;
    };
    return { xk: inLanguage('xk'), en: inLanguage('en'), sr: inLanguage('sr') };
  }

  /**
   * The cell's text, cut to `maxLength` characters and reported when it is longer: the survey it
   * makes must be one the editor can save again, and the editor keeps no longer texts.
   */
  fit(cell: Cell, maxLength: number): string {
    if (cell.value.length <= maxLength) return cell.value;
    this.warn(
      cell,
      `The text is ${cell.value.length.toLocaleString('en')} characters long; it is cut to the ${maxLength.toLocaleString('en')} a survey keeps`,
    );
    const cut = cell.value.slice(0, maxLength);
    // Never half a character: a cut between the two halves of a surrogate pair drops the first.
    return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
  }

  /** A value the column does not hold elsewhere: a choice_filter's column of `choices`. */
  valueHeaded(header: string): string {
    const column = this.sheet.columnHeaded(header);
    return column ? this.valueIn(column) : '';
  }

  warn(cell: Cell | null, message: string) {
    this.sheet.warn(this.number, cell?.column ?? null, message);
  }

  /** A warning on a field's column, blank or not. */
  warnIn(field: string, message: string) {
    this.sheet.warn(this.number, this.sheet.column(field)?.header ?? null, message);
  }

  /**
   * Reports each value the row has not read: an XLSForm column with nothing to map to, or a field
   * that does not apply to `what` the row made (unread columns are reported once, by the sheet).
   */
  reportUnread(what: string) {
    for (const column of this.sheet.columns) {
      const value = this.valueIn(column);
      if (value === '' || this.read.has(column) || column.kind === 'unread') continue;
      this.warn(
        { value, column: column.header },
        column.kind === 'unmapped'
          ? `"${value}" is left out: a survey has nothing the ${column.header} column maps to`
          : `${column.header} "${value}" is left out: it does not apply to ${what}`,
      );
    }
  }
}
