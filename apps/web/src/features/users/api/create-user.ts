import { useMutation, useQueryClient } from '@tanstack/react-query';
import { User, type CreateUserBody } from '@trashegimia/contract/users';
import { apiRequest } from '@/shared/api/api-client';

/** POST /api/users; a user name already taken is refused (409); fallback 'Failed to create user'. */
export const createUser = (body: CreateUserBody) =>
  apiRequest('/users', { method: 'POST', body, schema: User, fallback: 'createUserFailed' });

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
};
