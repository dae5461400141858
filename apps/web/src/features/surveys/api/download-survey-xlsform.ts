import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/shared/api/api-download';
import { saveFile } from '@/shared/browser/save-file';

/** GET /api/surveys/{id}/xlsform: the survey as an XLSForm workbook, saved under the server's file name. */
export const downloadSurveyXlsForm = async (surveyId: number) => {
  const file = await apiDownload(`/surveys/${surveyId}/xlsform`, { fallback: 'downloadXlsFormFailed' });
  saveFile(file.blob, file.fileName ?? `survey-${surveyId}.xlsx`);
};

export const useDownloadSurveyXlsForm = () => useMutation({ mutationFn: downloadSurveyXlsForm });
