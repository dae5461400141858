/** What other modules use of assets. */
export { requiredMessage } from './asset-answers';
export {
  type ImportedAsset,
  answerChecker,
  findOwnSubmission,
  findSubmission,
  prepareImportedAssets,
  submitAsset,
} from './asset-submission.service';
export { assetNotFound, assetPhotoPath, getAssetDetail, listAssetMedia } from './assets.service';
export { type AssetListRow, openAssetListExport } from './asset-list-export';
export { type DatasetExport, type ExportColumn, type ExportRow, openDatasetExport } from './assets.export';
export { seesEverything } from './assets.policy';
/** The background work of the asset tables, started where the app is built: views written in batches, counts folded. */
export { ViewCounter } from './view-counter';
export { AssetCountFolding } from './asset-count-folding';
/** How an answer reads in a language: the same words on screen, in PDFs and in spreadsheets. */
export { answerText } from './assets.presenter';
/** Whether stored assets and answers still use a survey, device, questions or options (deleting them would orphan or rewrite assets). */
export { answeredQuestionIds, deviceHasAssets, optionIdsInUse, surveyHasAssets } from './asset-usage.repo';
