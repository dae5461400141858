import { randomBytes } from 'node:crypto';
import { ROLE, type Role } from '@trashegimia/contract/common';
import type { Executor } from '../db/client';
import { users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/passwords';

/** A user account; the plain password comes back with it so the test can log in. */
export async function createUser(
  db: Executor,
  overrides: Partial<{ userName: string; password: string; role: Role }> = {},
) {
  const password = overrides.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({
      userName: overrides.userName ?? `user-${randomBytes(4).toString('hex')}`,
      passwordHash: await hashPassword(password),
      role: overrides.role ?? ROLE.USER,
    })
    .returning();
  return { ...user!, password };
}
