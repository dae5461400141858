import type { z } from 'zod';
import { ROLE, type Role } from '@trashegimia/contract/common';
import type {
  ChangeOwnPasswordBody,
  CreateUserBody,
  ResetPasswordBody,
  UserListQuery,
} from '@trashegimia/contract/users';
import { passwordProblem } from '@trashegimia/contract/password-strength';
import type { PasswordProblem, User } from '@trashegimia/contract/users';
import type { Database, Executor, Transaction } from '../../db/client';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../errors';
import { pageMeta } from '../../http/paging';
import { recordAudit } from '../audit/audit.service';
import { type LoginThrottle, type UserClaims, generatePassword, hashPassword, verifyPassword } from '../auth';
import { presentUser } from './users.presenter';
import {
  lockAdmins,
  deleteUserById,
  findUserById,
  findUserByName,
  findUserNames,
  insertUser,
  listUsers,
  updatePasswordHash,
} from './users.repo';

/**
 * Who changes an account: an administrator through the API, or null for the server's operator at
 * its command line (npm run create-admin, reset-password), who acts with no account.
 */
type AccountActor = UserClaims | null;

/** What an account made by no account records as its creator, as the first admin's does. */
const SYSTEM_CREATOR = 'system';

const PASSWORD_REFUSALS: Record<PasswordProblem, string> = {
  password_blank: 'must not be blank or mostly spaces',
  password_contains_user_name: 'must not be or contain the user name',
  password_too_weak: 'is too easy to guess; use a longer passphrase of unrelated words',
};

/** Refuses a new password that is blank-looking, holds the user name or is easy to guess: 400 naming `field`. */
function assertUsablePassword(field: string, password: string, userName: string) {
  const problem = passwordProblem(password, userName);
  if (problem) throw badRequest(field, `${field}: ${PASSWORD_REFUSALS[problem]}`, problem);
}

/** The account's name, as records of who changed what keep it; null when the account is gone. */
export async function userNameOf(db: Executor, id: number): Promise<string | null> {
  return (await findUserById(db, id))?.userName ?? null;
}

/** The names of the accounts with these ids, by id; an id whose account is gone is left out. */
export async function userNamesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await findUserNames(db, ids)).map((user) => [user.id, user.userName]));
}

/** The id of the account of that name, in any case; null when there is none. */
export async function userIdNamed(db: Executor, userName: string): Promise<number | null> {
  return (await findUserByName(db, userName))?.id ?? null;
}

export async function listUserPage(db: Database, query: z.output<typeof UserListQuery>) {
  const { rows, total } = await listUsers(db, query);
  return {
    items: rows.map(presentUser),
    meta: pageMeta(query, total),
  };
}

export async function createUser(db: Database, actor: AccountActor, body: z.output<typeof CreateUserBody>) {
  const account = await prepareAccount(body);
  return db.transaction((tx) => addAccount(tx, actor, account));
}

/** A new account's name and role, its password judged and hashed: ready for `addAccount`. */
export type PreparedAccount = { userName: string; role: Role; passwordHash: string };

/**
 * Judges the password (400 naming `password`) and hashes it, before any transaction opens:
 * argon2 takes tens of milliseconds and needs no lock.
 */
export async function prepareAccount(account: { userName: string; role: Role; password: string }) {
  assertUsablePassword('password', account.password, account.userName);
  const passwordHash = await hashPassword(account.password);
  return { userName: account.userName, role: account.role, passwordHash } satisfies PreparedAccount;
}

/**
 * Writes a prepared account and its audit entry in the caller's transaction, so a module that makes
 * an account as part of its own change (an approved access request) makes both or neither.
 * A name already taken, in any case, is a 409 naming `userName`.
 */
export async function addAccount(tx: Transaction, actor: AccountActor, account: PreparedAccount): Promise<User> {
  const createdBy = actor ? ((await findUserById(tx, actor.userId))?.userName ?? null) : SYSTEM_CREATOR;
  const user = await insertUser(tx, { ...account, createdBy });
  const presented = presentUser(user);
  await recordAudit(tx, {
    actorId: actor?.userId ?? null,
    action: 'user.create',
    subjectType: 'user',
    subjectId: String(user.id),
    after: presented,
  });
  return presented;
}

/** A generated password the account's rules accept (a random one could, rarely, contain a short user name). */
export function generatePasswordFor(userName: string): string {
  let password = generatePassword();
  while (passwordProblem(password, userName)) password = generatePassword();
  return password;
}

export async function deleteUser(db: Database, actor: UserClaims, id: number) {
  if (id === actor.userId) throw conflict('You cannot delete your own account', 'cannot_delete_self');
  await db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw notFound('user');
    // Someone must always be able to run the back office.
    if (user.role === ROLE.ADMIN && (await lockAdmins(tx)) <= 1) {
      throw conflict('The last administrator cannot be deleted', 'last_admin');
    }
    await deleteUserById(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'user.delete',
      subjectType: 'user',
      subjectId: String(id),
      before: presentUser(user),
    });
  });
}

/**
 * PATCH /users/{id}/password: an administrator (or the operator, npm run reset-password) sets a new
 * password, e.g. for someone who forgot theirs. Every session of the account ends.
 */
export async function resetPassword(
  db: Database,
  actor: AccountActor,
  id: number,
  body: z.output<typeof ResetPasswordBody>,
) {
  // Read before the transaction, only to judge the password against the account's name.
  const target = await findUserById(db, id);
  if (!target) throw notFound('user');
  assertUsablePassword('password', body.password, target.userName);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw notFound('user');
    await updatePasswordHash(tx, id, passwordHash);
    await recordAudit(tx, {
      actorId: actor?.userId ?? null,
      action: 'user.password_reset',
      subjectType: 'user',
      subjectId: String(id),
      after: { userName: user.userName },
    });
  });
}

/**
 * PATCH /users/me/password: anyone logged in with an account changes their own password, proving
 * it with the current one. Wrong guesses are limited as logins are (per account and per address),
 * so a session left open cannot be used to find the password by trying. Returns the account's new
 * session version: every earlier session has ended.
 */
export async function changeOwnPassword(
  db: Database,
  throttle: LoginThrottle,
  actor: UserClaims,
  body: z.output<typeof ChangeOwnPasswordBody>,
  client: { address: string },
) {
  if (body.newPassword === body.currentPassword) {
    throw badRequest('newPassword', 'newPassword: must differ from the current password', 'password_unchanged');
  }
  const user = await findUserById(db, actor.userId);
  if (!user) throw notFound('user');
  const attempt = await throttle.admit({ userName: user.userName, address: client.address }).catch((error) => {
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      throw tooManyRequests(error.retryAfterSeconds, 'Too many wrong passwords. Please try again later.');
    }
    throw error;
  });
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest('currentPassword', 'The current password is not correct', 'wrong_password');
  }
  await attempt.succeeded();
  // Judged only once the current password is proven: the estimate costs the server's thread.
  assertUsablePassword('newPassword', body.newPassword, user.userName);

  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    const sessionVersion = await updatePasswordHash(tx, user.id, passwordHash);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'user.password_change',
      subjectType: 'user',
      subjectId: String(user.id),
      after: { userName: user.userName },
    });
    return sessionVersion;
  });
}
