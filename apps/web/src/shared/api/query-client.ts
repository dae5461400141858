import { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_GC_TIME_MS,
  DEFAULT_STALE_TIME_MS,
  QUERY_RETRIES,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_DELAY_MS,
} from '@/shared/config/constants';
import { isApiError } from './api-error';

/** Retry up to 3 times (spec §9), but never a 4xx: asking again will not change the answer. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < QUERY_RETRIES;
};

/** 1 s, doubling, at most 30 s (spec §9). */
export const retryDelay = (attempt: number): number => Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: DEFAULT_STALE_TIME_MS,
        gcTime: DEFAULT_GC_TIME_MS,
      },
      mutations: {
        retry: false,
      },
    },
  });
