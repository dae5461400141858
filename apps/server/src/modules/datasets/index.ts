/** What other modules use of datasets. */
export { requireVisibleDataset } from './datasets.service';
export { datasetNameIn } from './datasets.presenter';
export { findChoiceQuestionOptions, findDatasetSurveyIds } from './datasets.repo';
