import { ROLE } from '@trashegimia/contract/common';
import type { Executor } from '../client';
import { users } from '../schema/index';
import { hashPassword } from '../../modules/auth/passwords';

export async function createAdmin(tx: Executor, userName: string, password: string): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ userName, passwordHash: await hashPassword(password), role: ROLE.ADMIN, createdBy: 'system' })
    .returning({ id: users.id });
  if (!row) throw new Error('admin insert returned nothing');
  return row.id;
}
