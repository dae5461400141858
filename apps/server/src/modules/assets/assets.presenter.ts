import {
  type AnswerDetail,
  type AssetDetail,
  AssetStatus,
  type AssetSummary,
  type MediaItem,
  MEDIA_TYPES,
  MediaType,
  RiskLevel,
} from '@trashegimia/contract/assets';
import type { Language } from '@trashegimia/contract/common';
import type { AssetRow } from '../asset-search';
import type { AnswerRow } from './assets.repo';
import { compareQuestionNr } from '@trashegimia/contract/question-numbers';
import { localize, localizedFields } from '@trashegimia/contract/localized-text';

/** What the lists show of an asset's media: its types and the URL of its first photo. */
export type MediaSummary = { types: MediaType[]; photoUrl: string | null };

/** Stored text columns are checked against the contract's enums, so one odd row cannot break a list. */
const KnownStatus = AssetStatus.catch('UPLOADED');
const KnownRiskLevel = RiskLevel.catch('low');
export const assetStatusOf = (status: string): AssetStatus => KnownStatus.parse(status);
export const riskLevelOf = (riskLevel: string): RiskLevel => KnownRiskLevel.parse(riskLevel);

/** The name of the asset's dataset in the language, else the Albanian one. */
export const datasetNameOf = (
  row: { datasetNameXk: string; datasetNameEn: string | null; datasetNameSr: string | null },
  language: Language,
): string => localize(row, 'datasetName', language) ?? row.datasetNameXk;

export function presentAssetSummary(
  row: AssetRow,
  mediaSummary: MediaSummary,
  admin: boolean,
  language: Language,
): AssetSummary {
  return {
    id: row.id,
    surveyId: row.surveyId,
    datasetId: row.datasetId,
    datasetName: datasetNameOf(row, language),
    datasetNameXk: row.datasetNameXk,
    datasetNameEn: row.datasetNameEn,
    datasetNameSr: row.datasetNameSr,
    uniqueId: row.uniqueId,
    name: row.name,
    municipality: row.municipality,
    village: row.village,
    assetType: row.assetType,
    usability: row.usability,
    access: row.access,
    risk: row.risk,
    riskLevel: riskLevelOf(row.riskLevel),
    date: row.date.toISOString(),
    locationAlt: row.latitude,
    locationLong: row.longitude,
    status: assetStatusOf(row.status),
    comments: row.comments,
    adminNote: admin ? row.adminNote : null,
    userId: admin ? row.userId : null,
    deviceId: admin ? row.deviceId : null,
    viewCount: row.viewCount,
    photoUrl: mediaSummary.photoUrl,
    mediaTypes: mediaSummary.types,
  };
}

/** Known media types in the contract's order. */
export const mediaTypesOf = (types: Iterable<string>): MediaType[] => {
  const present = new Set(types);
  return MEDIA_TYPES.filter((type) => present.has(type));
};

/** Answers in question order (dotted numbers, numerically); a question's chosen options in option order. */
export function sortAnswers<Row extends Pick<AnswerRow, 'questionNr' | 'questionId' | 'optionOrder'>>(
  rows: Row[],
): Row[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        compareQuestionNr(a.row.questionNr, b.row.questionNr) ||
        a.row.questionId - b.row.questionId ||
        (a.row.optionOrder ?? 0) - (b.row.optionOrder ?? 0) ||
        a.index - b.index,
    )
    .map(({ row }) => row);
}

export function presentAnswer(row: AnswerRow, language: Language): AnswerDetail {
  const option = {
    optionDescriptionXk: row.optionId === null ? null : row.optionDescriptionXk,
    optionDescriptionEn: row.optionId === null ? null : row.optionDescriptionEn,
    optionDescriptionSr: row.optionId === null ? null : row.optionDescriptionSr,
  };
  return {
    questionId: row.questionId,
    questionNr: row.questionNr,
    questionType: row.questionType,
    questionIdentifier: row.questionIdentifier,
    optionId: row.optionId,
    value: row.value,
    value2: row.value2,
    ...localizedFields(row, 'title', language),
    ...localizedFields(option, 'optionDescription', language),
  };
}

export const presentAssetDetail = (
  row: AssetRow,
  mediaSummary: MediaSummary,
  admin: boolean,
  answerRows: AnswerRow[],
  language: Language,
): AssetDetail => ({
  ...presentAssetSummary(row, mediaSummary, admin, language),
  answers: sortAnswers(answerRows).map((answer) => presentAnswer(answer, language)),
  ...(admin && { version: row.version }),
});

export const presentMediaItem = (
  row: Omit<MediaItem, 'url' | 'type' | 'createdAt'> & { type: string; createdAt: Date },
  url: string,
): MediaItem | null => {
  const type = MediaType.safeParse(row.type);
  if (!type.success) return null;
  return {
    id: row.id,
    path: row.path,
    url,
    type: type.data,
    contentType: row.contentType,
    size: row.size,
    originalName: row.originalName,
    caption: row.caption,
    createdAt: row.createdAt.toISOString(),
  };
};

/** An answer as one line of text: the option's description in the language (or its value), then value2. */
export function answerText(
  row: Pick<
    AnswerRow,
    'optionId' | 'value' | 'value2' | 'optionDescriptionXk' | 'optionDescriptionEn' | 'optionDescriptionSr'
  >,
  language: Language,
): string {
  const optionText = row.optionId === null ? null : localize(row, 'optionDescription', language);
  return answerLine(optionText, row.value, row.value2);
}

/**
 * The line of an answer whose option's text in the language is known (null: no option, or one
 * without a description): that text, else the value; then value2; blank parts left out.
 */
export function answerLine(optionText: string | null, value: string | null, value2: string | null): string {
  const main = optionText ?? value;
  const first = main?.trim() ? main : null;
  const extra = value2?.trim() ? value2 : null;
  return first !== null && extra !== null ? `${first} — ${extra}` : (first ?? extra ?? '');
}
