import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ROLE } from '@trashegimia/contract/common';
import type { UserListQuery } from '@trashegimia/contract/users';
import { albanianOrder } from '../../db/albanian-order';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { conflict, sqlState, UNIQUE_VIOLATION } from '../../errors';
import { offsetOf } from '../../http/paging';

export type UserRow = typeof users.$inferSelect;

const SORT_COLUMNS = {
  id: users.id,
  userName: albanianOrder(users.userName),
  role: users.role,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
} as const;

export async function listUsers(db: Executor, query: z.output<typeof UserListQuery>) {
  const direction = query.sortOrder === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .orderBy(direction(SORT_COLUMNS[query.sortBy]), asc(users.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(users),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findUserById(db: Executor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserNames(db: Executor, ids: number[]) {
  return db.select({ id: users.id, userName: users.userName }).from(users).where(inArray(users.id, ids));
}

/** User names are unique regardless of case (users_user_name_lower_key), and found the same way. */
export async function findUserByName(db: Executor, userName: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.userName})`, userName.toLowerCase()))
    .limit(1);
  return user;
}

export async function insertUser(
  db: Executor,
  values: { userName: string; passwordHash: string; role: number; createdBy: string | null },
) {
  try {
    const [user] = await db.insert(users).values(values).returning();
    return user!;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw conflict('A user with this name already exists', 'user_name_taken', 'userName');
    throw error;
  }
}

/** Sets the password and ends the account's sessions (see users.session_version); returns the new version. */
export async function updatePasswordHash(db: Executor, id: number, passwordHash: string): Promise<number> {
  const [updated] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  if (!updated) throw new Error(`user ${id} vanished while its password was changed`);
  return updated.sessionVersion;
}

export async function deleteUserById(db: Executor, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

/** Locks the administrators' rows until the transaction ends, so two deletions cannot both see another admin left. */
export async function lockAdmins(db: Executor) {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, ROLE.ADMIN)).for('update');
  return admins.length;
}
