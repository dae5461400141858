import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { collectChanges, getSubmission, listSubmissions } from './collect-db';

export const submissionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['collect', userId, 'submissions'],
    queryFn: () => listSubmissions(userId),
    // The device's own storage: there whether online or not.
    networkMode: 'always',
  });

export const submissionQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: ['collect', userId, 'submission', id],
    queryFn: () => getSubmission(id),
    networkMode: 'always',
  });

/** Reads stored submissions again whenever this page changes them (a save, a sending step). */
export const useRefreshOnCollectChange = (userId: string) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['collect', userId, 'submissions'] });
    collectChanges.addEventListener('change', refresh);
    return () => collectChanges.removeEventListener('change', refresh);
  }, [queryClient, userId]);
};

export const useSubmissions = (userId: string) => {
  useRefreshOnCollectChange(userId);
  return useQuery(submissionsQueryOptions(userId));
};

export const useSubmission = (userId: string, id: string) => useQuery(submissionQueryOptions(userId, id));
