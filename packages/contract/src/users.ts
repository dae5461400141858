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

export const MIN_PASSWORD_LENGTH = 10;

/** Long enough to resist guessing; bounded so hashing a huge text cannot tie up the server. */
const Password = z.string().min(MIN_PASSWORD_LENGTH).max(1000);

export const CreateUserBody = z.object({
  userName: plainText(100).min(1),
  password: Password,
  role: Role.default(ROLE.USER),
  /** The spec's page sends 'admin'; the server records the administrator who made the call instead. */
  createdBy: z.string().max(100).optional(),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const UserParams = z.object({ id: z.coerce.number().int().positive() });

/** PATCH /users/{id}/password: an administrator sets a new password for an account. */
export const ResetPasswordBody = z.object({ password: Password });
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

/** PATCH /users/me/password: anyone logged in with an account changes their own password. */
export const ChangeOwnPasswordBody = z.object({
  currentPassword: z.string().min(1).max(1000),
  newPassword: Password,
});
export type ChangeOwnPasswordBody = z.input<typeof ChangeOwnPasswordBody>;

/**
 * A changed password ends every session opened with the old one, this one included; the answer
 * carries a fresh token so the page that changed it stays logged in.
 */
export const OwnPasswordChanged = z.object({ access_token: z.string() });
export type OwnPasswordChanged = z.infer<typeof OwnPasswordChanged>;
