/** What other modules use of datasets. */
export { requireVisibleDataset } from './datasets.service';
export { findChoiceQuestionOptions, findDatasetSurveyIds } from './datasets.repo';
