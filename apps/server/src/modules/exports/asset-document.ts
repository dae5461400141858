import type { AssetDetail, AssetStatus, RiskLevel } from '@trashegimia/contract/assets';
import type { Language } from '@trashegimia/contract/common';
import { localize } from '@trashegimia/contract/localized-text';
import { answerText } from '../assets';
import type { ExportColumn, ExportRow } from './export-types';

/** One question and what was answered, already in the document's language. */
export type DocumentAnswer = {
  questionNr: string;
  title: string;
  /** One line per chosen option (multiple choice) or the free text. */
  values: string[];
};

/** What a PDF shows of one asset, whichever way it was loaded (detail or export row). */
export type AssetDocument = {
  id: string;
  name: string | null;
  datasetName: string;
  /** The dataset's pill colour (#rrggbb); a neutral brown when it has none. */
  datasetColor: string | null;
  status: AssetStatus;
  date: string;
  municipality: string | null;
  village: string | null;
  latitude: number | null;
  longitude: number | null;
  riskLevel: RiskLevel;
  answers: DocumentAnswer[];
};

const blankToNull = (text: string | null | undefined) => (text && text.trim() !== '' ? text.trim() : null);

/**
 * Groups the detail's answers by question, in the detail's order: a multiple-choice question has one
 * entry per chosen option and becomes one item with a line per option.
 */
export function answersOf(detail: Pick<AssetDetail, 'answers'>, language: Language): DocumentAnswer[] {
  const byQuestion = new Map<number, DocumentAnswer>();
  for (const answer of detail.answers) {
    const text = answerText(answer, language);
    if (text === '') continue;
    let item = byQuestion.get(answer.questionId);
    if (!item) {
      item = {
        questionNr: answer.questionNr,
        title: localize(answer, 'title', language) ?? '',
        values: [],
      };
      byQuestion.set(answer.questionId, item);
    }
    if (!item.values.includes(text)) item.values.push(text);
  }
  return [...byQuestion.values()];
}

export function documentFromDetail(
  detail: AssetDetail,
  datasetColor: string | null,
  language: Language,
): AssetDocument {
  return {
    id: detail.id,
    name: blankToNull(detail.name),
    datasetName: detail.datasetName,
    datasetColor,
    status: detail.status,
    date: detail.date,
    municipality: blankToNull(detail.municipality),
    village: blankToNull(detail.village),
    latitude: detail.locationAlt,
    longitude: detail.locationLong,
    riskLevel: detail.riskLevel,
    answers: answersOf(detail, language),
  };
}

/** An export row as a document: the columns give each answer its number and title. */
export function documentFromExportRow(
  row: ExportRow,
  columns: readonly ExportColumn[],
  dataset: { name: string; color: string | null },
): AssetDocument {
  const answers: DocumentAnswer[] = [];
  for (const column of columns) {
    const text = blankToNull(row.answers[column.questionId]);
    if (text !== null) answers.push({ questionNr: column.questionNr, title: column.title, values: [text] });
  }
  return {
    id: row.id,
    name: blankToNull(row.name),
    datasetName: dataset.name,
    datasetColor: dataset.color,
    status: row.status,
    date: row.date,
    municipality: blankToNull(row.municipality),
    village: blankToNull(row.village),
    latitude: row.latitude,
    longitude: row.longitude,
    riskLevel: row.riskLevel,
    answers,
  };
}

/** '42.66291° N, 21.16550° E': coordinates read the same in every language. */
export function formatCoordinates(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null) return null;
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(5)}° ${value < 0 ? negative : positive}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}
