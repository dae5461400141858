import { z } from 'zod';
import { PageQuery, pageOf, plainText, ROLE, Role, SortOrder } from './common';

export const User = z.object({
  id: z.number().int(),
  userName: z.string(),
  role: Role,
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastLogin: z.iso.datetime({ offset: true }).nullable(),
});
export type User = z.infer<typeof User>;

export const UserListQuery = PageQuery.extend({
  sortBy: z.enum(['id', 'userName', 'role', 'lastLogin', 'createdAt']).default('id'),
  sortOrder: SortOrder.default('asc'),
});
export type UserListQuery = z.input<typeof UserListQuery>;

export const UserList = pageOf(User);
export type UserList = z.infer<typeof UserList>;

export const MIN_PASSWORD_LENGTH = 8;

export const CreateUserBody = z.object({
  userName: plainText(100).min(1),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(1000),
  role: Role.default(ROLE.USER),
  /** The spec's page sends 'admin'; the server records the administrator who made the call instead. */
  createdBy: z.string().max(100).optional(),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const UserParams = z.object({ id: z.coerce.number().int().positive() });
