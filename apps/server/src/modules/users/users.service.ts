import type { z } from 'zod';
import { ROLE } from '@trashegimia/contract/common';
import type { CreateUserBody, UserListQuery } from '@trashegimia/contract/users';
import type { Database, Executor } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { pageMeta } from '../../http/paging';
import { recordAudit } from '../audit/audit.service';
import type { UserClaims } from '../auth/guards';
import { hashPassword } from '../auth/passwords';
import { presentUser } from './users.presenter';
import { lockAdmins, deleteUserById, findUserById, insertUser, listUsers } from './users.repo';

/** The account's name, as records of who changed what keep it; null when the account is gone. */
export async function userNameOf(db: Executor, id: number): Promise<string | null> {
  return (await findUserById(db, id))?.userName ?? null;
}

export async function listUserPage(db: Database, query: z.output<typeof UserListQuery>) {
  const { rows, total } = await listUsers(db, query);
  return {
    items: rows.map(presentUser),
    meta: pageMeta(query, total),
  };
}

export async function createUser(db: Database, actor: UserClaims, body: z.output<typeof CreateUserBody>) {
  // Hashed before the transaction: argon2 takes tens of milliseconds and needs no lock.
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const creator = await findUserById(tx, actor.userId);
    const user = await insertUser(tx, {
      userName: body.userName,
      passwordHash,
      role: body.role,
      createdBy: creator?.userName ?? null,
    });
    const presented = presentUser(user);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'user.create',
      subjectType: 'user',
      subjectId: String(user.id),
      after: presented,
    });
    return presented;
  });
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
