import { ROLE, type Role } from '@trashegimia/contract/common';
import type { Executor } from '../db/client';
import { TokenService } from '../modules/auth/tokens';
import { createUser } from './factories';
import { testConfig } from './test-app';

const tokens = new TokenService(testConfig().auth.jwtSecret, 3600);

/** One real account per role and database, made on first use: the API refuses tokens of accounts that do not exist. */
const accounts = new WeakMap<Executor, Map<Role, number>>();

async function bearerFor(db: Executor, role: Role) {
  let byRole = accounts.get(db);
  if (!byRole) accounts.set(db, (byRole = new Map()));
  let userId = byRole.get(role);
  if (userId === undefined) {
    userId = (await createUser(db, { role })).id;
    byRole.set(role, userId);
  }
  return { authorization: `Bearer ${await tokens.sign({ guest: false, userId, role })}` };
}

/** Authorization headers as the test app accepts them, without a captcha round trip. */
export const asAdmin = (db: Executor) => bearerFor(db, ROLE.ADMIN);
export const asUser = (db: Executor) => bearerFor(db, ROLE.USER);
export const asGuest = async () => ({ authorization: `Bearer ${await tokens.sign({ guest: true })}` });
