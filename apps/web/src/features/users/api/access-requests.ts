import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccessRequest,
  AccessRequestApproved,
  AccessRequestList,
  type AccessRequestStatus,
  type ApproveAccessRequestBody,
  type DeclineAccessRequestBody,
} from '@trashegimia/contract/access-requests';
import { apiRequest } from '@/shared/api/api-client';

export type AccessRequestListQuery = { page: number; limit: number; status?: AccessRequestStatus };

/** GET /api/access-requests: a page of requests, newest first; keeps the previous page on screen meanwhile. */
export const useAccessRequests = (query: AccessRequestListQuery) =>
  useQuery({
    queryKey: ['access-requests', 'list', query],
    queryFn: ({ signal }) =>
      apiRequest('/access-requests', {
        query,
        schema: AccessRequestList,
        fallback: 'fetchAccessRequestsFailed',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/access-requests/{id}/approve {userName}: the new account and its one-time password.
 * A name already taken (409, naming userName) or a request already decided (409) is refused.
 */
export const useApproveAccessRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ApproveAccessRequestBody & { id: number }) =>
      apiRequest(`/access-requests/${id}/approve`, {
        method: 'POST',
        body,
        schema: AccessRequestApproved,
        fallback: 'approveAccessRequestFailed',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['access-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
};

/** POST /api/access-requests/{id}/decline {note}; a request already decided is refused (409). */
export const useDeclineAccessRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DeclineAccessRequestBody & { id: number }) =>
      apiRequest(`/access-requests/${id}/decline`, {
        method: 'POST',
        body,
        schema: AccessRequest,
        fallback: 'declineAccessRequestFailed',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['access-requests'] }),
  });
};
