import type { Language } from '@trashegimia/contract/common';
import {
  QUESTION_IDENTIFIERS,
  QUESTION_NR_MAX_PARTS,
  QUESTION_TEXT_LIMITS,
  type QuestionCategory,
  type QuestionIdentifier,
  type QuestionType,
  type ValidateType,
} from '@trashegimia/contract/questions';
import { SURVEY_TEXT_LIMITS } from '@trashegimia/contract/surveys';
import type { XlsFormSurvey, XlsFormWarning } from '@trashegimia/contract/xlsform';
import type { NamedSheet } from '../imports';
import {
  type Bounds,
  type RowType,
  readConstraint,
  readRangeParameters,
  readRequired,
  readType,
} from './xlsform-reading-expressions';
import {
  type Cell,
  type FormRow,
  FormSheet,
  type SheetColumns,
  type Texts,
  Warnings,
  languageOf,
  localizedAs,
} from './xlsform-reading-sheets';
import { applyChoiceFilters, applyChoiceSkips, applyRelevants } from './xlsform-reading-references';
import { type Choice, type MappedOption, type MappedQuestion, QuestionTree } from './xlsform-reading-tree';

export type { MappedOption, MappedQuestion } from './xlsform-reading-tree';

export type MappedSurvey = Omit<XlsFormSurvey, 'questions'> & { questions: MappedQuestion[] };

/**
 * How many groups a group may sit in: its questions' numbers then have QUESTION_NR_MAX_PARTS parts
 * (a group inside 8 others is numbered 1.1.1.1.1.1.1.1.1, its questions one part more).
 */
const MAX_GROUP_DEPTH = QUESTION_NR_MAX_PARTS - 2;

/** The sheets read, in the order their warnings are listed. */
const SHEET_ORDER = ['survey', 'choices', 'settings'] as const;

/**
 * The survey an XLSForm workbook would make, and every part of the form that is not mapped, or
 * not exactly, as a warning (docs/decisions/0002-xlsform-mapping.md). Pure: the workbook has been
 * read (readWorkbook) and nothing is written. When nothing usable remains, no survey sheet or no
 * question made from it, `survey.questions` is empty and the warnings say why: the import is then
 * refused with them.
 */
export function mapXlsForm(sheets: NamedSheet[]): { survey: MappedSurvey; warnings: XlsFormWarning[] } {
  const warnings = new Warnings();
  const sheetNamed = (name: string) => sheets.find((sheet) => sheet.name.trim().toLowerCase() === name);
  const settings = readSettings(sheetNamed('settings'), warnings);
  const surveySheet = sheetNamed('survey');
  if (!surveySheet) {
    warnings.add('survey', null, null, 'The workbook has no "survey" sheet, so there is nothing to import');
  }
  const questions = surveySheet
    ? readQuestions(surveySheet, sheetNamed('choices'), settings.defaultLanguage, warnings)
    : [];
  return {
    survey: { ...localizedAs('description', settings.description), questions },
    warnings: warnings.inOrder(SHEET_ORDER),
  };
}

// ---- settings ----

const SETTINGS_COLUMNS: SheetColumns = {
  fields: ['form_title', 'form_id', 'version', 'allow_choice_duplicates', 'default_language'],
  texts: [],
  unmapped: [],
  unknown: (header) => `Setting "${header}" has no counterpart in a survey; it is left out`,
};

const noTexts = (): Texts => ({ xk: null, en: null, sr: null });

/** The language of texts without one, and the survey's description: the form's title in that language. */
function readSettings(named: NamedSheet | undefined, warnings: Warnings) {
  const describe = (defaultLanguage: Language, title: string) => ({
    defaultLanguage,
    description: { ...noTexts(), [defaultLanguage]: title },
  });
  if (!named) return describe('xk', 'XLSForm');
  const sheet = new FormSheet(named.name, named.sheet, SETTINGS_COLUMNS, 'xk', warnings);
  sheet.reportUnreadColumns();
  const [row, ...others] = sheet.rows;
  for (const other of others) {
    sheet.warn(other.number, null, 'Only the first row of settings is read; this one is left out');
  }
  // version and allow_choice_duplicates need nothing of a survey, and no report.
  const [title, formId, languageCell] = ['form_title', 'form_id', 'default_language'].map((field) => row?.take(field));
  const language = languageCell ? languageOf(languageCell.value) : null;
  if (languageCell && !language) {
    row!.warn(
      languageCell,
      `"${languageCell.value}" is none of the survey's languages (Albanian, English, Serbian); texts without a language are read as Albanian`,
    );
  }
  const titleCell = title ?? formId;
  return describe(language ?? 'xk', titleCell ? row!.fit(titleCell, SURVEY_TEXT_LIMITS.description) : 'XLSForm');
}

// ---- choices ----

const CHOICES_COLUMNS: SheetColumns = {
  fields: ['list_name', 'name', 'skip', 'skip_to'],
  texts: ['label', 'disclaimer'],
  unmapped: ['image', 'big-image', 'audio', 'video', 'media'],
  unknown: (header) =>
    `Column "${header}" is neither one a survey reads nor one a choice_filter names; its values are left out`,
};

type ChoiceLists = { sheet: FormSheet | null; lists: Map<string, Choice[]>; used: Set<string> };

const SKIPS: Record<string, ValidateType> = {
  next_question: 'NEXT_QUESTION',
  end_survey: 'END_SURVEY',
  continue: 'CONTINUE',
};

function readChoices(named: NamedSheet | undefined, defaultLanguage: Language, warnings: Warnings): ChoiceLists {
  const lists = new Map<string, Choice[]>();
  const sheet = named ? new FormSheet(named.name, named.sheet, CHOICES_COLUMNS, defaultLanguage, warnings) : null;
  for (const row of sheet?.rows ?? []) {
    const list = row.take('list_name');
    const name = row.take('name');
    if (!list || !name) {
      const missing = list ? 'name' : 'list_name';
      row.warnIn(missing, `A choice without a ${missing} is left out`);
      continue;
    }
    if (name.value.length > QUESTION_TEXT_LIMITS.optionValue) {
      row.warn(
        name,
        `A choice name of ${name.value.length.toLocaleString('en')} characters is longer than the ${QUESTION_TEXT_LIMITS.optionValue.toLocaleString('en')} an option's value keeps; the choice is left out`,
      );
      continue;
    }
    const skipCell = row.take('skip');
    const skip = skipCell ? (SKIPS[skipCell.value.toLowerCase()] ?? null) : null;
    if (skipCell && !skip) {
      row.warn(skipCell, `skip "${skipCell.value}" is none of next_question, end_survey or continue; it is left out`);
    }
    const choice = {
      row,
      value: name.value,
      descriptions: row.texts('label', QUESTION_TEXT_LIMITS.optionDescription),
      disclaimers: row.texts('disclaimer', QUESTION_TEXT_LIMITS.disclaimer),
      skip,
      skipTo: row.take('skip_to'),
    };
    row.reportUnread('a choice');
    lists.set(list.value, [...(lists.get(list.value) ?? []), choice]);
  }
  return { sheet, lists, used: new Set() };
}

/** The descriptions or-other options get, as the editor names them. */
const OTHER_DESCRIPTIONS: Texts = { xk: 'Tjetër', en: 'Other', sr: 'Drugo' };

const newOption = (value: string, descriptions: Texts, disclaimers: Texts, isAnother: boolean): MappedOption => ({
  value,
  ...localizedAs('description', descriptions),
  ...localizedAs('disclaimer', disclaimers),
  isAnother,
  validateType: null,
  toQuestionNr: null,
  conditionalParentQuestionNr: null,
  conditionalParentQuestionValue: null,
});

// ---- survey ----

const SURVEY_COLUMNS: SheetColumns = {
  fields: [
    'type',
    'name',
    'required',
    'constraint',
    'relevant',
    'choice_filter',
    'appearance',
    'parameters',
    'identifier',
  ],
  texts: ['label', 'hint'],
  unmapped: [
    'default',
    'read_only',
    'calculation',
    'constraint_message',
    'required_message',
    'guidance_hint',
    'repeat_count',
    'trigger',
    'autoplay',
    'media',
    'image',
    'big-image',
    'audio',
    'video',
    'body',
    'bind',
    'instance',
  ],
  unknown: (header) => `Column "${header}" is not an XLSForm column a survey reads; its values are left out`,
};

/** The question tree of the `survey` sheet, its options from `choices`, its names resolved to numbers. */
function readQuestions(
  surveySheet: NamedSheet,
  choicesSheet: NamedSheet | undefined,
  defaultLanguage: Language,
  warnings: Warnings,
): MappedQuestion[] {
  const sheet = new FormSheet(surveySheet.name, surveySheet.sheet, SURVEY_COLUMNS, defaultLanguage, warnings);
  if (sheet.isEmpty || !sheet.has('type')) {
    const problem = sheet.isEmpty ? 'is empty' : 'has no "type" column';
    sheet.warn(null, null, `The survey sheet ${problem}, so there is nothing to import`);
    return [];
  }
  const choices = readChoices(choicesSheet, defaultLanguage, warnings);
  const tree = new QuestionTree();
  for (const row of sheet.rows) readSurveyRow(row, tree, choices);
  tree.reportOpenGroups();
  if (tree.top.length === 0) sheet.warn(null, null, 'No question could be made from the survey sheet');

  applyChoiceSkips(tree);
  const filterColumns = applyChoiceFilters(tree, choices.sheet);
  applyRelevants(tree);
  reportUnusedLists(choices);
  sheet.reportUnreadColumns();
  choices.sheet?.reportUnreadColumns(filterColumns);
  return tree.top;
}

function readSurveyRow(row: FormRow, tree: QuestionTree, choices: ChoiceLists) {
  const typeCell = row.take('type');
  if (!typeCell) return row.warnIn('type', 'A row without a type is left out');
  const type = readType(typeCell.value);
  const name = row.take('name');
  if (type.kind === 'end') {
    tree.end(row, typeCell);
    return row.reportUnread('the end of a group');
  }
  if (type.kind === 'unmapped') {
    const what = name ? `"${name.value}" is left out` : 'the row is left out';
    return row.warn(typeCell, `Type "${typeCell.value}" has no counterpart in a survey; ${what}`);
  }
  if (!name) {
    row.warnIn('name', 'A row without a name is left out');
    // Its rows are read as if it were not there, and its end ends nothing else.
    if (type.kind === 'begin') tree.begin(null, row);
    return;
  }
  if (type.kind === 'begin' && tree.depth > MAX_GROUP_DEPTH) {
    row.warn(
      typeCell,
      `The group "${name.value}" sits inside ${tree.depth} others, and a question number has at most ${QUESTION_NR_MAX_PARTS} parts; it is left out and its rows stay in the group around it`,
    );
    tree.begin(null, row);
    return;
  }
  const common = {
    name: name.value,
    ...localizedAs('title', row.texts('label', QUESTION_TEXT_LIMITS.title)),
    ...localizedAs('hint', row.texts('hint', QUESTION_TEXT_LIMITS.hint)),
  };
  const relevant = row.take('relevant');
  if (type.kind === 'question') readQuestionRow(row, type, typeCell, common, relevant, tree, choices);
  else readGroupRow(row, type, typeCell, common, relevant, tree);
}

/** Texts every row that makes something has. */
type CommonFields = Pick<MappedQuestion, 'name' | `title${'Xk' | 'En' | 'Sr'}` | `hint${'Xk' | 'En' | 'Sr'}`>;

/** A chapter or a group, or a note: a group that holds nothing. */
function readGroupRow(
  row: FormRow,
  type: Extract<RowType, { kind: 'begin' | 'note' }>,
  typeCell: Cell,
  common: CommonFields,
  relevant: Cell | null,
  tree: QuestionTree,
) {
  const fieldList = type.kind === 'begin' && takeAppearance(row, ['field-list'], 'a group').has('field-list');
  const category: QuestionCategory =
    type.kind === 'begin' && tree.depth === 0 && !fieldList && !type.repeat ? 'CHAPTER' : 'GROUP';
  const question: MappedQuestion = {
    questionNr: tree.nextNumber(),
    questionCategory: category,
    questionType: null,
    ...common,
    questionIdentifier: null,
    required: false,
    limMin: null,
    limMax: null,
    options: [],
    children: [],
  };
  const made = tree.add(question, row, { relevant, choiceFilter: null, choices: new Map() });
  if (type.kind === 'begin') {
    if (type.repeat) row.warn(typeCell, `A repeat is asked once: "${common.name}" is made a group`);
    tree.begin(made, row);
  }
  row.reportUnread(type.kind === 'note' ? 'a note' : category === 'CHAPTER' ? 'a chapter' : 'a group');
}

function readQuestionRow(
  row: FormRow,
  type: Extract<RowType, { kind: 'question' }>,
  typeCell: Cell,
  common: CommonFields,
  relevant: Cell | null,
  tree: QuestionTree,
  choices: ChoiceLists,
) {
  if (type.change) row.warn(typeCell, `Type "${typeCell.value}" ${type.change}`);
  const what = `a ${typeCell.value} question`;
  const minimal = takeAppearance(row, type.questionType === 'SINGLE_CHOICE' ? ['minimal'] : [], what).has('minimal');
  const questionType: QuestionType = minimal ? 'DROPDOWN' : type.questionType;
  const { options, sources } = optionsOf(row, type, typeCell, choices);
  const question: MappedQuestion = {
    questionNr: tree.nextNumber(),
    questionCategory: 'PARENT',
    questionType,
    ...common,
    questionIdentifier: takeIdentifier(row),
    required: takeRequired(row),
    ...takeLimits(row, type, questionType),
    options,
    children: [],
  };
  const choiceFilter = type.list ? row.take('choice_filter') : null;
  tree.add(question, row, { relevant, choiceFilter, choices: sources });
  row.reportUnread(what);
}

/** The words of `appearance` a row can take; the others are reported. */
function takeAppearance(row: FormRow, accepted: string[], what: string): Set<string> {
  const cell = row.take('appearance');
  const words = cell ? cell.value.toLowerCase().split(/\s+/) : [];
  const others = words.filter((word) => !accepted.includes(word));
  if (others.length > 0) {
    row.warn(cell, `Appearance "${others.join(' ')}" is left out: a survey has no such display for ${what}`);
  }
  return new Set(words.filter((word) => accepted.includes(word)));
}

function takeIdentifier(row: FormRow): QuestionIdentifier | null {
  const cell = row.take('identifier');
  if (!cell) return null;
  const identifier = QUESTION_IDENTIFIERS.find((known) => known === cell.value.toUpperCase()) ?? null;
  if (!identifier) {
    row.warn(cell, `Identifier "${cell.value}" is none of ${QUESTION_IDENTIFIERS.join(', ')}; it is left out`);
  }
  return identifier;
}

function takeRequired(row: FormRow): boolean {
  const cell = row.take('required');
  if (!cell) return false;
  const required = readRequired(cell.value);
  if (required === null) {
    row.warn(
      cell,
      `required "${cell.value}" is not read (yes, true, true() or 1 make a question required); the question is not required`,
    );
  }
  return required ?? false;
}

/** limMin and limMax: a range's start and end, and the bounds its constraint sets. */
function takeLimits(row: FormRow, type: Extract<RowType, { kind: 'question' }>, questionType: QuestionType) {
  const range = type.range ? takeRange(row) : { start: null, end: null };
  const bounds = takeConstraint(row, questionType);
  return { limMin: bounds?.min ?? range.start, limMax: bounds?.max ?? range.end };
}

function takeRange(row: FormRow) {
  const cell = row.take('parameters');
  const { start, end, step, others } = readRangeParameters(cell?.value ?? '');
  const dropped = [...(step === '1' ? [] : [`step=${step}`]), ...others];
  if (dropped.length > 0) row.warn(cell, `Only the range's start and end are kept; ${dropped.join(' ')} is left out`);
  return { start, end };
}

function takeConstraint(row: FormRow, questionType: QuestionType): Bounds | null {
  const cell = row.take('constraint');
  if (!cell) return null;
  const subject =
    questionType === 'MULTIPLE_CHOICE'
      ? 'count'
      : questionType === 'TEXT' || questionType === 'NUMBER'
        ? 'answer'
        : null;
  const bounds = subject && readConstraint(cell.value, subject);
  if (!bounds) {
    row.warn(
      cell,
      `The constraint "${cell.value}" is left out: only bounds such as ". >= 1 and . <= 120" on a text or number, or "count-selected(.) <= 3" on a multiple choice, are read`,
    );
  } else if (bounds.strict) {
    row.warn(cell, `The constraint "${cell.value}" is read with its bounds included: ">" as ">=", "<" as "<="`);
  }
  return bounds;
}

/** The options of the list a question names, each a choice of it, and the "other" option or_other adds. */
function optionsOf(
  row: FormRow,
  type: Extract<RowType, { kind: 'question' }>,
  typeCell: Cell,
  choices: ChoiceLists,
): { options: MappedOption[]; sources: Map<MappedOption, Choice> } {
  const sources = new Map<MappedOption, Choice>();
  if (!type.list) return { options: [], sources };
  choices.used.add(type.list);
  const list = choices.lists.get(type.list);
  if (!list) {
    row.warn(typeCell, `The list "${type.list}" is not on the choices sheet; the question is made without options`);
  }
  const options = (list ?? []).map((choice) => {
    // A list that has an "other" already gives or_other its option.
    const option = newOption(
      choice.value,
      choice.descriptions,
      choice.disclaimers,
      type.other && choice.value === 'other',
    );
    sources.set(option, choice);
    return option;
  });
  if (type.other && !options.some((option) => option.isAnother)) {
    options.push(newOption('other', OTHER_DESCRIPTIONS, noTexts(), true));
  }
  return { options, sources };
}

function reportUnusedLists({ lists, used }: ChoiceLists) {
  for (const [name, [first]] of lists) {
    if (used.has(name)) continue;
    first?.row.warnIn('list_name', `No question uses the list "${name}"; its choices are left out`);
  }
}
