/** What other modules use of surveys. */
export { presentSurvey } from './surveys.presenter';
