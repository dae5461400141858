import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { UserList, type UserListQuery as UserListQuerySchema } from '@trashegimia/contract/users';
import type { z } from 'zod';
import { apiRequest } from './api-client';

/** What the page sends: the contract's parsed query, every field optional. */
export type UserListQuery = Partial<z.output<typeof UserListQuerySchema>>;

/** GET /api/users: a page of accounts; fallback 'Failed to fetch users'. */
export const getUsers = (query: UserListQuery, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/users', { query, schema: UserList, fallback: 'fetchUsersFailed', signal });

export const getUsersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: ({ signal }) => getUsers(query, { signal }),
  });

/** Keeps the previous page on screen while the next one loads. */
export const useUsers = (query: UserListQuery) =>
  useQuery({ ...getUsersQueryOptions(query), placeholderData: keepPreviousData });
