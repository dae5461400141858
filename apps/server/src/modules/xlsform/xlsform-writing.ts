import type { Writable } from 'node:stream';
import { DEFAULT_LANGUAGE } from '@trashegimia/contract/common';
import { CHOICE_TYPES, type QuestionNode, type QuestionOption } from '@trashegimia/contract/questions';
import { type TextSheet, documentTexts, writeTextSheets } from '../exports';

/**
 * A survey written as an XLSForm workbook (docs/decisions/0002-xlsform-mapping.md, "Writing"): the
 * inverse of what xlsform-reading.ts reads, so reading the file gives the same tree back. What the
 * file cannot hold is listed in the settings sheet's `export_notes` column.
 */

/** What of the survey the form carries besides its questions. */
export type XlsFormSurveySource = {
  id: number;
  /** When the survey or its questions last changed: the form's version. */
  lud: Date | string;
  descriptionXk: string | null;
  descriptionEn: string | null;
  descriptionSr: string | null;
};

/** Our languages as XLSForm columns name them; Albanian first, the default. */
const LANGUAGES = [
  { suffix: 'Xk', column: 'Albanian (sq)' },
  { suffix: 'En', column: 'English (en)' },
  { suffix: 'Sr', column: 'Serbian (sr)' },
] as const;

type Localized<Field extends string> = Record<`${Field}${(typeof LANGUAGES)[number]['suffix']}`, string | null>;

const inLanguages = (column: string) => LANGUAGES.map((language) => `${column}::${language.column}`);

const SURVEY_HEADER = [
  'type',
  'name',
  ...inLanguages('label'),
  ...inLanguages('hint'),
  'required',
  'appearance',
  'constraint',
  'choice_filter',
  'identifier',
];
const CHOICES_HEADER = [
  'list_name',
  'name',
  ...inLanguages('label'),
  ...inLanguages('disclaimer'),
  'condition',
  'skip',
  'skip_to',
];

/** A row by its columns' headers; a column left out is blank. */
type Row = Record<string, string>;

const cellsOf = (header: readonly string[], row: Row) => header.map((column) => row[column] ?? '');

/** `column::Albanian (sq)`, … from `field`Xk, `field`En, `field`Sr. */
function localizedCells<Field extends string>(column: string, source: Localized<Field>, field: Field): Row {
  return Object.fromEntries(
    LANGUAGES.map((language) => [`${column}::${language.column}`, source[`${field}${language.suffix}`] ?? '']),
  );
}

/** `q2_1` for question 2.1. */
export const questionName = (questionNr: string) => `q${questionNr.replaceAll('.', '_')}`;

/** The choice list of a question: `q2_1_options`. */
const listName = (questionNr: string) => `${questionName(questionNr)}_options`;

const XPATH_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A limit as an XPath number (-6500, 0.5): '1,5' and '1e3', which answers are checked against as
 * numbers, as 1.5 and 1000; null for a limit that is no number.
 */
function xpathNumber(limit: string): string | null {
  const text = limit.trim().replace(',', '.');
  if (XPATH_NUMBER.test(text)) return text;
  const number = String(Number(text));
  return text !== '' && XPATH_NUMBER.test(number) ? number : null;
}

/** XLSForm's name for the option `or_other` stands for, which it adds when the list has none. */
const OR_OTHER_VALUE = 'other';

/** The XLSForm type of a question, and the 'other' option its `or_other` stands for. */
function typeOf(question: QuestionNode): { type: string; other?: QuestionOption } {
  const list = listName(question.questionNr);
  const other = question.options.find((option) => option.isAnother);
  switch (question.questionType) {
    case 'NUMBER':
      return { type: 'decimal' };
    case 'DATE':
      return { type: 'date' };
    case 'SINGLE_CHOICE':
    case 'DROPDOWN':
      return { type: `select_one ${list}` };
    case 'SELECT_AND_TEXT':
      return { type: `select_one ${list} or_other`, other };
    case 'MULTIPLE_CHOICE':
      return other ? { type: `select_multiple ${list} or_other`, other } : { type: `select_multiple ${list}` };
    default:
      return { type: 'text' };
  }
}

/** Whether an option holds more than the blank option a text question keeps. */
const carriesSomething = (option: QuestionOption) =>
  option.value !== '' ||
  [option.descriptionXk, option.descriptionEn, option.descriptionSr].some(Boolean) ||
  [option.disclaimerXk, option.disclaimerEn, option.disclaimerSr].some(Boolean) ||
  (option.validateType !== null && option.validateType !== 'CONTINUE') ||
  option.conditionalParentQuestionId !== null;

/**
 * The `survey`, `choices` and `settings` sheets of the form. Rows keep the tree's order, by which
 * the reader numbers questions: a survey numbered 1, 2, 3, … reads back with the same numbers, and
 * skip targets, written by name, follow their question whatever its number.
 */
export function xlsFormSheets(survey: XlsFormSurveySource, tree: QuestionNode[]): TextSheet[] {
  const surveyRows: Row[] = [];
  const choiceRows: Row[] = [];
  const notes: string[] = [];
  const nameById = new Map<number, string>();
  /** By question id, the value of its 'other' option where or_other renames it: conditions on it follow. */
  const renamedOthers = new Map<number, string>();
  const indexQuestions = (nodes: QuestionNode[]) => {
    for (const node of nodes) {
      nameById.set(node.id, questionName(node.questionNr));
      const { other } = typeOf(node);
      if (other && other.value !== OR_OTHER_VALUE) renamedOthers.set(node.id, other.value);
      indexQuestions(node.children);
    }
  };
  indexQuestions(tree);
  const writtenValue = (questionId: number, value: string) =>
    renamedOthers.get(questionId) === value ? OR_OTHER_VALUE : value;

  /** limMin and limMax as the constraint the reader reads back: on the answer, or on how many options it chooses. */
  const constraintOf = (question: QuestionNode, name: string): string => {
    const subject =
      question.questionType === 'MULTIPLE_CHOICE'
        ? 'count-selected(.)'
        : question.questionType === 'TEXT' || question.questionType === 'NUMBER'
          ? '.'
          : null;
    const bounds: string[] = [];
    for (const [limit, operator] of [
      [question.limMin, '>='],
      [question.limMax, '<='],
    ] as const) {
      if (!limit?.trim()) continue;
      const number = xpathNumber(limit);
      if (subject !== null && number !== null) bounds.push(`${subject} ${operator} ${number}`);
      else
        notes.push(
          `${name}: the limit "${limit}" is not written; XLSForm bounds only the numbers of a text, number or multiple-choice answer`,
        );
    }
    return bounds.join(' and ');
  };

  /**
   * Writes the question's options as `choices` rows and answers the choice_filter of their
   * conditions: XLSForm filters a list by one question, the first named. The 'other' option is
   * written as `other`, which or_other then takes as its own (the reader as pyxform does), so its
   * labels, disclaimer, skip and condition stay.
   */
  const writeOptions = (question: QuestionNode, name: string, other: QuestionOption | undefined): string => {
    const parentIds = new Set(question.options.flatMap((option) => option.conditionalParentQuestionId ?? []));
    const [parentId] = parentIds;
    const parentName = parentId === undefined ? undefined : nameById.get(parentId);
    if (parentId !== undefined && parentName === undefined) {
      notes.push(`${name}: its options' conditions are not written; the question they depend on is not in the survey`);
    } else if (parentIds.size > 1) {
      notes.push(`${name}: its options depend on several questions; only the conditions on ${parentName} are written`);
    }
    question.options.forEach((option, index) => {
      if (option === other && option.value !== OR_OTHER_VALUE) {
        notes.push(`${name}: option ${index + 1} is written as "other", the value or_other gives the "other" answer`);
      } else if (option.isAnother && option !== other) {
        notes.push(
          `${name}: option ${index + 1} is written as a plain choice, without the free text of an "other" answer`,
        );
      }
      choiceRows.push({
        list_name: listName(question.questionNr),
        name: option === other ? OR_OTHER_VALUE : option.value,
        ...localizedCells('label', option, 'description'),
        ...localizedCells('disclaimer', option, 'disclaimer'),
        condition:
          parentName !== undefined && option.conditionalParentQuestionId === parentId
            ? writtenValue(parentId, option.conditionalParentQuestionValue ?? '')
            : '',
        // next_question, end_survey, continue
        skip: option.validateType?.toLowerCase() ?? '',
        skip_to:
          option.validateType === 'NEXT_QUESTION' && option.toQuestionNr ? questionName(option.toQuestionNr) : '',
      });
    });
    return parentName === undefined ? '' : `\${${parentName}} = condition or condition = ''`;
  };

  const writeQuestion = (question: QuestionNode, name: string) => {
    const { type, other } = typeOf(question);
    const takesChoices = question.questionType !== null && CHOICE_TYPES.includes(question.questionType);
    if (question.questionType === null) notes.push(`${name}: it has no type and is written as a text question`);
    if (!takesChoices && question.options.some(carriesSomething)) {
      notes.push(`${name}: its options are not written; XLSForm gives a ${type} question none`);
    }
    if (question.questionType === 'SELECT_AND_TEXT' && !other) {
      notes.push(`${name}: or_other gives it an "other" option it does not have`);
    }
    surveyRows.push({
      type,
      name,
      ...localizedCells('label', question, 'title'),
      ...localizedCells('hint', question, 'hint'),
      required: question.required ? 'yes' : '',
      appearance: question.questionType === 'DROPDOWN' ? 'minimal' : '',
      constraint: constraintOf(question, name),
      choice_filter: takesChoices ? writeOptions(question, name, other) : '',
      identifier: question.questionIdentifier ?? '',
    });
  };

  const write = (nodes: QuestionNode[], topLevel: boolean) => {
    for (const node of nodes) {
      const name = questionName(node.questionNr);
      if (node.questionCategory === 'PARENT') {
        writeQuestion(node, name);
        continue;
      }
      const texts = { name, ...localizedCells('label', node, 'title'), ...localizedCells('hint', node, 'hint') };
      // A group without questions is a heading the collector reads: XLSForm's note.
      if (node.questionCategory === 'GROUP' && node.children.length === 0) {
        surveyRows.push({ type: 'note', ...texts });
        continue;
      }
      if (node.questionCategory === 'CHAPTER' && !topLevel) {
        notes.push(`${name}: a chapter inside another is read back as a group`);
      }
      // field-list makes a group one screen wherever it stands; a top-level group without it is a chapter.
      surveyRows.push({
        type: 'begin_group',
        ...texts,
        appearance: node.questionCategory === 'GROUP' ? 'field-list' : '',
      });
      write(node.children, false);
      surveyRows.push({ type: 'end_group' });
    }
  };
  write(tree, true);

  return [
    { name: 'survey', header: SURVEY_HEADER, rows: surveyRows.map((row) => cellsOf(SURVEY_HEADER, row)) },
    { name: 'choices', header: CHOICES_HEADER, rows: choiceRows.map((row) => cellsOf(CHOICES_HEADER, row)) },
    settingsSheet(survey, notes),
  ];
}

/** The most notes listed, one a line: a cell holds at most 32,767 characters. */
const MAX_NOTES = 100;

/**
 * The form's title, id and version, and its default language: that of the title, since the reader
 * takes the title as the survey's description in the default language (Albanian when there is none).
 */
function settingsSheet(survey: XlsFormSurveySource, notes: string[]): TextSheet {
  const titled = LANGUAGES.find((language) => survey[`description${language.suffix}`]) ?? LANGUAGES[0];
  const settings: Row = {
    form_title: survey[`description${titled.suffix}`] ?? '',
    form_id: `trashegimia_survey_${survey.id}`,
    // 20240503100000: ODK compares versions as text, and a later change sorts later.
    version: new Date(survey.lud).toISOString().replace(/\D/g, '').slice(0, 14),
    default_language: titled.column,
  };
  if (notes.length > 0) {
    const more = notes.length > MAX_NOTES ? [`… and ${notes.length - MAX_NOTES} more`] : [];
    settings.export_notes = [...notes.slice(0, MAX_NOTES), ...more].join('\n');
  }
  const header = Object.keys(settings);
  return { name: 'settings', header, rows: [cellsOf(header, settings)] };
}

/** Streams the survey as an XLSForm workbook into `target`, and ends it. */
export async function writeXlsForm(target: Writable, survey: XlsFormSurveySource, tree: QuestionNode[]): Promise<void> {
  await writeTextSheets(target, xlsFormSheets(survey, tree), documentTexts(DEFAULT_LANGUAGE).platform);
}
