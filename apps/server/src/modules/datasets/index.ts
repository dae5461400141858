/** What other modules use of datasets. */
export { requireVisibleDataset } from './datasets.service';
export { datasetNameIn } from './datasets.presenter';
/** When a dataset's published data last changed, which exports and PDFs citing it name. */
export { findChoiceQuestionOptions, findDatasetLastUpdate, findDatasetSurveyIds } from './datasets.repo';
