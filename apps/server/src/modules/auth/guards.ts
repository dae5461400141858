import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '@trashegimia/contract/auth';
import { ROLE } from '@trashegimia/contract/common';
import { forbidden, unauthorized } from '../../errors';

export type UserClaims = Extract<TokenClaims, { guest: false }>;

/** Whether the caller is an administrator (role 2): the one who sees inactive datasets and every asset. */
export const isAdmin = (auth: TokenClaims | null): boolean => auth !== null && !auth.guest && auth.role === ROLE.ADMIN;

/** Policy: any session, a guest's or an account's. */
export function assertSession(auth: TokenClaims | null): asserts auth is TokenClaims {
  if (!auth) throw unauthorized();
}

/** Policy: a logged-in account (not a guest). Pure, so services can call it and tests can check it alone. */
export function assertUser(auth: TokenClaims | null): asserts auth is UserClaims {
  assertSession(auth);
  if (auth.guest) throw forbidden('Log in with an account to do this');
}

/** Policy: an administrator (role 2). */
export function assertAdmin(auth: TokenClaims | null): asserts auth is UserClaims & { role: typeof ROLE.ADMIN } {
  assertUser(auth);
  if (auth.role !== ROLE.ADMIN) throw forbidden('Only administrators may do this');
}

/** Route guards; the API's routes get theirs from the declared access table (http/access-rules.ts). */
export const requireSession = async (request: FastifyRequest) => assertSession(request.auth);
export const requireUser = async (request: FastifyRequest) => assertUser(request.auth);
export const requireAdmin = async (request: FastifyRequest) => assertAdmin(request.auth);
