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

/**
 * Why a new password is refused beyond its length, as the error code the server answers with
 * (400, naming the password field) and the page words: mostly blank (whitespace only, or more
 * whitespace than anything else), the user name or containing it, or too easy to guess (a strength
 * estimate below 3 of 4: see password-strength.ts).
 */
export const PasswordProblem = z.enum(['password_blank', 'password_contains_user_name', 'password_too_weak']);
export type PasswordProblem = z.infer<typeof PasswordProblem>;

/** A user name this long or longer may not appear anywhere in the password; a shorter one only not be all of it. */
const USER_NAME_INSIDE_FROM = 3;

/**
 * The problems a password's shape shows at once, without the strength estimate: cheap, so the page
 * checks them as the server does. Null when there is none.
 */
export function passwordShapeProblem(password: string, userName: string): PasswordProblem | null {
  const blanks = password.match(/[\s\p{Cf}]/gu)?.length ?? 0;
  if (password.length === 0 || blanks * 2 > password.length) return 'password_blank';
  const name = userName.trim().toLowerCase();
  const lowered = password.toLowerCase();
  if (name && (lowered.trim() === name || (name.length >= USER_NAME_INSIDE_FROM && lowered.includes(name)))) {
    return 'password_contains_user_name';
  }
  return null;
}

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
