import { useMutation } from '@tanstack/react-query';
import { GuidelineDownloadUrl, type Guideline } from '@trashegimia/contract/guidelines';
import { apiRequest } from '@/shared/api/api-client';

/** GET /api/guidelines/{id}/sas: a short-lived URL that downloads the file; fallback 'Failed to get SAS'. */
export const getGuidelineDownloadUrl = (id: number) =>
  apiRequest(`/guidelines/${id}/sas`, { schema: GuidelineDownloadUrl, fallback: 'getGuidelineUrlFailed' });

/**
 * Fetches a fresh download URL and lets the browser fetch the file itself: the URL asks for it to
 * be saved under its own name, so the page stays where it is and large files stream to disk.
 */
export const downloadGuideline = async ({ id, fileName }: Pick<Guideline, 'id' | 'fileName'>) => {
  const { url } = await getGuidelineDownloadUrl(id);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
};

/** Failures are left silent (spec §8): the button simply stops spinning. */
export const useDownloadGuideline = () => useMutation({ mutationFn: downloadGuideline });
