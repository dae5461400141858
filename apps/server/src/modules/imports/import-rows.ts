import type { z } from 'zod';
import { readNumber } from '@trashegimia/contract/answer-values';
import type { AssetAnswerInput } from '@trashegimia/contract/assets';
import type { ImportMapping, ImportProblem, ImportTarget } from '@trashegimia/contract/imports';
import { AppError, badRequest } from '../../errors';
import { type ImportedAsset, type answerChecker, requiredMessage } from '../assets';
import type { Sheet } from './spreadsheet';

type AnswerInput = z.output<typeof AssetAnswerInput>;
type AnswerChecker = Awaited<ReturnType<typeof answerChecker>>;

/** A question a column can fill: the survey's PARENT questions. */
export type ImportQuestion = {
  id: number;
  questionNr: string;
  questionType: string | null;
  questionIdentifier: string | null;
  required: boolean;
  titleXk: string | null;
  titleEn: string | null;
  titleSr: string | null;
};

/** Header spellings of the asset's own fields, compared after `normalize`. */
const FIELD_HEADERS: Record<'latitude' | 'longitude' | 'date', string[]> = {
  latitude: ['latitude', 'lat', 'gjeresia', 'gjeresia gjeografike', 'geografska sirina', 'sirina'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'gjatesia', 'gjatesia gjeografike', 'geografska duzina', 'duzina'],
  date: ['date', 'data', 'datum', 'date collected', 'data e mbledhjes'],
};

/** Lower case, without accents, punctuation at the ends or repeated spaces: 'Emri i asetit:' ~ 'emri i asetit'. */
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[ðđ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.:;?*#-]+|[\s.:;?*-]+$/g, '');

/**
 * The mapping a header row suggests: a header that is a question's title in any language, its
 * number ('1.2') or its number and title ('1.2 Emri'), or a name of latitude, longitude or date.
 * Each question and field is given to its first matching column only.
 */
export function suggestMapping(headers: string[], questions: ImportQuestion[]): ImportMapping {
  const byText = new Map<string, ImportTarget>();
  for (const [field, names] of Object.entries(FIELD_HEADERS)) {
    for (const name of names) byText.set(name, { field: field as keyof typeof FIELD_HEADERS });
  }
  for (const question of questions) {
    const target = { questionId: question.id };
    byText.set(question.questionNr, target);
    for (const title of [question.titleXk, question.titleEn, question.titleSr]) {
      if (!title?.trim()) continue;
      byText.set(normalize(title), target);
      byText.set(normalize(`${question.questionNr} ${title}`), target);
      byText.set(normalize(`${question.questionNr}. ${title}`), target);
    }
  }
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  headers.forEach((header, column) => {
    const target = byText.get(normalize(header));
    if (!target) return;
    const key = JSON.stringify(target);
    if (taken.has(key)) return;
    taken.add(key);
    mapping[String(column)] = target;
  });
  return mapping;
}

/** A mapping that names a column the file lacks, a question not of the survey, or a target twice: 400. */
export function assertMappingFits(mapping: ImportMapping, headers: string[], questions: ImportQuestion[]) {
  const questionIds = new Set(questions.map((question) => question.id));
  const seen = new Set<string>();
  for (const [column, target] of Object.entries(mapping)) {
    const field = `mapping.${column}`;
    if (Number(column) >= headers.length) throw badRequest(field, `${field}: the file has no such column`);
    if ('questionId' in target && !questionIds.has(target.questionId)) {
      throw badRequest(field, `${field}: question ${target.questionId} is not an answerable question of this survey`);
    }
    const key = JSON.stringify(target);
    if (seen.has(key)) throw badRequest(field, `${field}: another column already goes there`);
    seen.add(key);
  }
}

export type CheckedRows = {
  assets: ImportedAsset[];
  problems: ImportProblem[];
  /** Rows with at least one problem. */
  badRows: number;
  mappingProblems: string[];
};

/**
 * Every row as an asset, or its problems: answers the survey does not allow (each one, not only
 * the first), coordinates that are not a place on Earth or only half given, dates that cannot be
 * read, a missing name when the survey names its assets, and a blank required answer. Rows are numbered as the spreadsheet
 * shows them (the header is row 1).
 */
export function checkRows(
  sheet: Sheet,
  mapping: ImportMapping,
  questions: ImportQuestion[],
  check: AnswerChecker,
  now: Date,
): CheckedRows {
  const columns = Object.entries(mapping).map(([column, target]) => ({ index: Number(column), target }));
  const questionColumns = columns.flatMap(({ index, target }) =>
    'questionId' in target ? [{ index, questionId: target.questionId }] : [],
  );
  const fieldColumn = (field: 'latitude' | 'longitude' | 'date') =>
    columns.find(({ target }) => 'field' in target && target.field === field)?.index;
  const latitudeColumn = fieldColumn('latitude');
  const longitudeColumn = fieldColumn('longitude');
  const dateColumn = fieldColumn('date');

  const nameQuestion = questions.find((question) => question.questionIdentifier === 'ASSET_NAME');
  const nameColumn = questionColumns.find(({ questionId }) => questionId === nameQuestion?.id)?.index;
  const mappingProblems: string[] = [];
  if (nameQuestion && nameColumn === undefined) {
    mappingProblems.push(`No column gives the asset's name (question ${nameQuestion.questionNr})`);
  }
  if ((latitudeColumn === undefined) !== (longitudeColumn === undefined)) {
    mappingProblems.push('Map both latitude and longitude, or neither');
  }
  const requiredColumns = questions.flatMap((question) => {
    if (!question.required) return [];
    const column = questionColumns.find(({ questionId }) => questionId === question.id)?.index;
    if (column === undefined) mappingProblems.push(`No column answers required question ${question.questionNr}`);
    return column === undefined ? [] : [{ column, questionNr: question.questionNr }];
  });
  const dateQuestions = new Set(questions.filter((question) => question.questionType === 'DATE').map(({ id }) => id));

  const assets: ImportedAsset[] = [];
  const problems: ImportProblem[] = [];
  let badRows = 0;
  sheet.rows.forEach((cells, rowIndex) => {
    const row = sheet.rowNumbers?.[rowIndex] ?? rowIndex + 2;
    const rowProblems: ImportProblem[] = [];
    const problem = (column: number | undefined, code: ImportProblem['code'], message: string) =>
      rowProblems.push({ row, column: column === undefined ? null : (sheet.headers[column] ?? null), code, message });

    if (nameColumn !== undefined && cells[nameColumn] === '') problem(nameColumn, 'missing_name', 'The name is empty');
    const place = readPlace(cells, latitudeColumn, longitudeColumn);
    if (place === 'bad')
      problem(
        latitudeColumn,
        'bad_coordinates',
        'Latitude and longitude must both be numbers on Earth (e.g. 42.66 and 21.17)',
      );
    const date = dateColumn === undefined || cells[dateColumn] === '' ? now : readDate(cells[dateColumn]!);
    if (date === null)
      problem(dateColumn, 'bad_date', `"${cells[dateColumn!]}" is not a date (use 2024-05-31 or 31.05.2024)`);

    for (const { column, questionNr } of requiredColumns) {
      if (cells[column] === '') problem(column, 'missing_required', requiredMessage(questionNr));
    }
    const answered = questionColumns.filter(({ index }) => cells[index] !== '');
    const inputs: AnswerInput[] = answered.map(({ index, questionId }) => ({
      questionId,
      // A day written as in Kosovo (31.05.2024) reads as the day a DATE answer stores.
      value: dateQuestions.has(questionId) ? (readDate(cells[index]!)?.toISOString() ?? cells[index]!) : cells[index]!,
      value2: null,
    }));
    const answerRows = checkAnswers(inputs, check, (index, code, message) =>
      problem(answered[index]?.index, code, message),
    );

    if (rowProblems.length > 0) {
      badRows++;
      problems.push(...rowProblems);
      return;
    }
    assets.push({
      columns: check.columns(answerRows!),
      date: date!,
      latitude: place === 'bad' ? null : (place?.latitude ?? null),
      longitude: place === 'bad' ? null : (place?.longitude ?? null),
      rows: answerRows!,
      snapshot: check.snapshot(answerRows!),
    });
  });
  return { assets, problems, badRows, mappingProblems };
}

/**
 * The row's answer rows, or null after reporting each answer the survey refuses: the refused
 * answer is set aside and the rest checked again, so one row lists all its wrong answers.
 */
function checkAnswers(
  inputs: AnswerInput[],
  check: AnswerChecker,
  report: (index: number, code: ImportProblem['code'], message: string) => void,
) {
  const remaining = inputs.map((input, index) => ({ input, index }));
  let failed = false;
  while (remaining.length > 0 || !failed) {
    try {
      const rows = check.rows(remaining.map(({ input }) => input));
      return failed ? null : rows;
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
      failed = true;
      const at = Number(/^answers\.(\d+)\./.exec(error.field ?? '')?.[1] ?? 0);
      const [refused] = remaining.splice(at, 1);
      report(refused?.index ?? 0, error.code === 'unknown_option' ? 'unknown_option' : 'invalid_answer', error.message);
    }
  }
  return null;
}

function readPlace(cells: string[], latitudeColumn?: number, longitudeColumn?: number) {
  if (latitudeColumn === undefined || longitudeColumn === undefined) return null;
  const latitudeText = cells[latitudeColumn]!;
  const longitudeText = cells[longitudeColumn]!;
  if (latitudeText === '' && longitudeText === '') return null;
  const latitude = readNumber(latitudeText);
  const longitude = readNumber(longitudeText);
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return 'bad';
  return { latitude, longitude };
}

/** ISO 8601 (what XLSX dates become), or day.month.year / day/month/year as written in Kosovo. */
function readDate(text: string): Date | null {
  const local = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  const date = local
    ? new Date(Date.UTC(Number(local[3]), Number(local[2]) - 1, Number(local[1])))
    : /^\d{4}-\d{2}-\d{2}/.test(text)
      ? new Date(text)
      : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  if (local && date.getUTCDate() !== Number(local[1])) return null;
  return date;
}
