import { randomInt } from 'node:crypto';
import { ROLE } from '@trashegimia/contract/common';
import type { Executor } from '../client';
import { users } from '../schema/index';
import { hashPassword } from '../../modules/auth/passwords';

// No look-alike characters (0/O, 1/l/I), so the printed password can be typed from a screen.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 24 characters from a 57-letter alphabet: about 140 bits, from the system's CSPRNG. */
export function generateAdminPassword(): string {
  return Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

export async function createAdmin(tx: Executor, userName: string, password: string): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ userName, passwordHash: await hashPassword(password), role: ROLE.ADMIN, createdBy: 'system' })
    .returning({ id: users.id });
  if (!row) throw new Error('admin insert returned nothing');
  return row.id;
}
