import { queryOptions, useQuery } from '@tanstack/react-query';
import { CollectSurveys } from '@trashegimia/contract/collect';
import { apiRequest } from '@/shared/api/api-client';
import { isApiError } from '@/shared/api/api-error';
import { loadSurveys, saveSurveys, type StoredSurveys } from '../lib/collect-db';

/**
 * GET /api/collect/surveys: every survey a field device fills in, whole. The browser revalidates
 * it with the server's ETag by itself, so an unchanged list costs a 304.
 */
export const getCollectSurveys = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/collect/surveys', { schema: CollectSurveys, fallback: 'fetchCollectSurveysFailed', signal });

/** The surveys as downloaded now, or, with no connection, as downloaded last time on this device. */
export type DeviceSurveys = StoredSurveys & { offline: boolean };

const downloadSurveys = async (userId: string, signal?: AbortSignal): Promise<DeviceSurveys> => {
  try {
    const { items } = await getCollectSurveys({ signal });
    const record = { userId, items, downloadedAt: new Date().toISOString() };
    await saveSurveys(record);
    return { ...record, offline: false };
  } catch (error) {
    const stored = isApiError(error) && error.isNetworkError ? await loadSurveys(userId) : null;
    if (!stored) throw error;
    return { ...stored, offline: true };
  }
};

export const getDeviceSurveysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['collect', userId, 'surveys'],
    queryFn: ({ signal }) => downloadSurveys(userId, signal),
    // Offline is this screen's normal case: ask anyway, the stored copy answers.
    networkMode: 'always',
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export const useDeviceSurveys = (userId: string) => useQuery(getDeviceSurveysQueryOptions(userId));
