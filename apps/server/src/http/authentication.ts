import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Role } from '@trashegimia/contract/common';
import { invalidToken } from '../errors';
import type { TokenService } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: the verified token's claims, or null for an anonymous visitor. */
    auth: TokenClaims | null;
    /** The verified token's id and expiry, which signing out needs; null for an anonymous visitor. */
    authToken: { tokenId: string; expiresAt: Date } | null;
  }
}

/**
 * Where the hook learns an account's role and session version now (null when the account is
 * gone), and whether a token was signed out: both from the database, so every instance agrees.
 */
export type AccountSessions = {
  currentSession: (userId: number) => Promise<{ role: Role; sessionVersion: number } | null>;
  isRevoked: (tokenId: string) => Promise<boolean>;
};

/**
 * RFC 6750's `Bearer <token>`: the scheme in any case, one or more spaces, and a token of its
 * characters only. Anything after the token (`Bearer <token> junk`) makes the header bad, not ignored.
 */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** A token the API accepts: its claims with the account's current role, and what signing out needs. */
export type AcceptedToken = { claims: TokenClaims; tokenId: string; expiresAt: Date };

/**
 * Whether the API accepts a session token, and as whom: the signature and expiry, the sign-outs,
 * and for an account its current role and session version. The API's bearer tokens and the page's
 * session cookie (http/web-app.ts) are checked by this one rule.
 */
export const tokenAcceptance =
  (tokens: TokenService, accounts: AccountSessions) =>
  async (token: string): Promise<AcceptedToken | null> => {
    const verified = await tokens.verify(token);
    if (!verified) return null;
    const { claims, tokenId, expiresAt } = verified;
    // Both kept in memory until the database notifies a change of their table (db/cache.ts): a
    // sign-out, role or password change is seen on the instance that made it from the moment it
    // reported it done, and on the others once its notification arrives, a moment after it
    // committed. An instance not listening for notifications asks the database on every call.
    const [revoked, account] = await Promise.all([
      accounts.isRevoked(tokenId),
      claims.guest ? null : accounts.currentSession(claims.userId),
    ]);
    if (revoked) return null;
    if (claims.guest) return { claims, tokenId, expiresAt };
    // A deleted account's token stops working at once, a changed role takes effect at once, and a
    // changed password ends the sessions opened before it.
    if (account === null || account.sessionVersion !== verified.sessionVersion) return null;
    return { claims: { ...claims, role: account.role }, tokenId, expiresAt };
  };

export type TokenAcceptance = ReturnType<typeof tokenAcceptance>;

/**
 * The one authentication hook for the API: reads `Authorization: Bearer <token>` on every request
 * routed to an /api route. It goes by the matched route, not the raw URL, so no spelling of the
 * path (`/%61pi/…`) slips past it.
 * A missing token is anonymous; a token that is present but bad, expired or signed out is refused
 * outright, so the page learns its session is over instead of silently seeing less. Route guards
 * decide the rest.
 */
export function registerAuthentication(app: FastifyInstance, acceptToken: TokenAcceptance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('authToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (!header) return;
    const token = BEARER.exec(header)?.[1];
    const accepted = token ? await acceptToken(token) : null;
    if (!accepted) throw invalidToken();
    request.auth = accepted.claims;
    request.authToken = { tokenId: accepted.tokenId, expiresAt: accepted.expiresAt };
  });
}
