import type { QuestionType } from '@trashegimia/contract/questions';

/**
 * The few shapes of XLSForm's types and XPath expressions that a survey can hold (see
 * docs/decisions/0002-xlsform-mapping.md); each reader answers null for any other, which the
 * caller reports.
 */

/** What a `type` cell makes. */
export type RowType =
  | { kind: 'begin'; repeat: boolean }
  | { kind: 'end' }
  | { kind: 'note' }
  | {
      kind: 'question';
      questionType: QuestionType;
      /** The choice list it names. */
      list: string | null;
      /** `or_other`: an "other" option is added. */
      other: boolean;
      /** A `range`, bounded by its parameters. */
      range: boolean;
      /** What became of the type, when it is not made exactly: "is made a text question". */
      change: string | null;
    }
  | { kind: 'unmapped' };

const SIMPLE_TYPES: Record<string, { questionType: QuestionType; range?: boolean; change?: string }> = {
  text: { questionType: 'TEXT' },
  integer: { questionType: 'NUMBER' },
  decimal: { questionType: 'NUMBER' },
  range: { questionType: 'NUMBER', range: true },
  date: { questionType: 'DATE' },
  datetime: { questionType: 'DATE', change: 'is made a date question; its time is dropped' },
  'phone number': { questionType: 'TEXT', change: 'is made a text question' },
  barcode: { questionType: 'TEXT', change: 'is made a text question' },
};

const SELECT = /^(select_one|select_multiple) (\S+)( or_other)?$/i;
const SELECT_IN_WORDS = /^(select one from|select all that apply from) (\S+)( or specify other)?$/i;

/** `select_one yes_no or_other`, `begin group`, `integer`, … (any case, spaces or underscores as XLSForm allows). */
export function readType(text: string): RowType {
  const type = text.trim().replace(/\s+/g, ' ');
  const select = SELECT.exec(type) ?? SELECT_IN_WORDS.exec(type);
  if (select) {
    const single = /one/i.test(select[1]!);
    const other = select[3] !== undefined;
    const questionType = single ? (other ? 'SELECT_AND_TEXT' : 'SINGLE_CHOICE') : 'MULTIPLE_CHOICE';
    return { kind: 'question', questionType, list: select[2]!, other, range: false, change: null };
  }
  const word = type.toLowerCase();
  switch (word.replace(' ', '_')) {
    case 'begin_group':
      return { kind: 'begin', repeat: false };
    case 'begin_repeat':
      return { kind: 'begin', repeat: true };
    case 'end_group':
    case 'end_repeat':
      return { kind: 'end' };
    case 'note':
      return { kind: 'note' };
  }
  const simple = SIMPLE_TYPES[word];
  return simple
    ? { kind: 'question', list: null, other: false, range: false, change: null, ...simple }
    : { kind: 'unmapped' };
}

/** `yes`, `true`, `true()`, `1` → true; `no`, `false`, `false()`, `0` → false; null for an expression. */
export function readRequired(text: string): boolean | null {
  if (/^(yes|true|true\(\)|1)$/i.test(text)) return true;
  if (/^(no|false|false\(\)|0)$/i.test(text)) return false;
  return null;
}

/** Bounds of a number, as written (`-5`, `0.5`); `strict` when `>` or `<` were read as `>=` or `<=`. */
export type Bounds = { min: string | null; max: string | null; strict: boolean };

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const WHOLE_NUMBER = new RegExp(`^${NUMBER}$`);
const ANSWER_BOUND = new RegExp(String.raw`^\.\s*(>=|<=|>|<)\s*(${NUMBER})$`);
const COUNT_BOUND = new RegExp(String.raw`^count-selected\(\s*\.\s*\)\s*(>=|<=|>|<)\s*(${NUMBER})$`);

/**
 * `. >= 1`, `. <= 120`, `. >= 1 and . <= 120` (`count-selected(.)` for the number of options a
 * multiple choice chooses) → its bounds.
 */
export function readConstraint(text: string, subject: 'answer' | 'count'): Bounds | null {
  const bound = subject === 'answer' ? ANSWER_BOUND : COUNT_BOUND;
  const parts = text.trim().split(/\s+and\s+/i);
  if (parts.length > 2) return null;
  const bounds: Bounds = { min: null, max: null, strict: false };
  for (const part of parts) {
    const [, operator, number] = bound.exec(part) ?? [];
    if (!operator || !number) return null;
    const side = operator.startsWith('>') ? 'min' : 'max';
    if (bounds[side] !== null) return null;
    bounds[side] = number;
    bounds.strict ||= operator.length === 1;
  }
  return bounds;
}

/** A range's `parameters`, `start=1 end=10 step=1`: XLSForm's defaults where it gives none. */
export function readRangeParameters(text: string): { start: string; end: string; step: string; others: string[] } {
  const parameters = { start: '1', end: '10', step: '1', others: [] as string[] };
  for (const [written, key, value] of text.matchAll(/(\w+)\s*=\s*([^\s,;]+)/g)) {
    const name = key!.toLowerCase();
    if ((name === 'start' || name === 'end' || name === 'step') && WHOLE_NUMBER.test(value!)) {
      parameters[name] = value!;
    } else {
      parameters.others.push(written);
    }
  }
  return parameters;
}

/** A question's answer compared with one value: `${q} = 'v'` (equal) or `${q} != 'v'`. */
export type Condition = { name: string; equal: boolean; value: string };

const QUESTION = String.raw`\$\{\s*([^}\s]+)\s*\}`;
/** A value as XPath writes one: quoted, or a number (choices are often named 1, 2, 3). */
const VALUE = String.raw`(?:'([^']*)'|"([^"]*)"|(${NUMBER}))`;
const COMPARED = new RegExp(String.raw`^${QUESTION}\s*(!=|=)\s*${VALUE}$`);
const SELECTED = new RegExp(String.raw`^selected\(\s*${QUESTION}\s*,\s*${VALUE}\s*\)$`);

/** `${q} = 'v'`, `${q} != 'v'` or `selected(${q}, 'v')` (equal). */
export function readRelevant(text: string): Condition | null {
  const expression = text.trim();
  const compared = COMPARED.exec(expression);
  if (compared) {
    const [, name, operator, ...value] = compared;
    return { name: name!, equal: operator === '=', value: value.find((part) => part !== undefined)! };
  }
  const selected = SELECTED.exec(expression);
  if (!selected) return null;
  const [, name, ...value] = selected;
  return { name: name!, equal: true, value: value.find((part) => part !== undefined)! };
}

/** A choice list filtered by a question's answer: an option is offered when the answer equals its `column`. */
export type ChoiceFilter = { name: string; column: string };

const IDENTIFIER = String.raw`([A-Za-z_][\w.-]*)`;
const FILTER = new RegExp(String.raw`^(?:${QUESTION}\s*=\s*${IDENTIFIER}|${IDENTIFIER}\s*=\s*${QUESTION})$`);
const BLANK_COLUMN = new RegExp(String.raw`^${IDENTIFIER}\s*=\s*(?:''|"")$`);

/** `${q} = col` or `col = ${q}`, with `or col = ''` allowed. */
export function readChoiceFilter(text: string): ChoiceFilter | null {
  const [main, blank, ...more] = text.trim().split(/\s+or\s+/i);
  const [, name1, column1, column2, name2] = FILTER.exec(main!) ?? [];
  const name = name1 ?? name2;
  const column = column1 ?? column2;
  if (!name || !column || more.length > 0) return null;
  if (blank !== undefined && BLANK_COLUMN.exec(blank)?.[1]?.toLowerCase() !== column.toLowerCase()) return null;
  return { name, column };
}
