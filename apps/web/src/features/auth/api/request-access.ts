import { useMutation } from '@tanstack/react-query';
import { AccessRequestReceived, type CreateAccessRequestBody } from '@trashegimia/contract/access-requests';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/access-requests {name, email, institution, purpose, captcha}: no session needed. */
export const requestAccess = (body: CreateAccessRequestBody) =>
  apiRequest('/access-requests', {
    method: 'POST',
    body,
    schema: AccessRequestReceived,
    fallback: 'requestAccessFailed',
    authenticate: false,
  });

export const useRequestAccess = () => useMutation({ mutationFn: requestAccess });
