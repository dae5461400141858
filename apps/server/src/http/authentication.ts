import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Role } from '@trashegimia/contract/common';
import { invalidToken } from '../errors';
import type { TokenService } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: the verified token's claims, or null for an anonymous visitor. */
    auth: TokenClaims | null;
  }
}

/**
 * The one authentication hook for the API: reads `Authorization: Bearer <token>` on every request
 * routed to an /api route. It goes by the matched route, not the raw URL, so no spelling of the
 * path (`/%61pi/…`) slips past it.
 * A missing token is anonymous; a token that is present but bad or expired is refused outright, so
 * the page learns its session is over instead of silently seeing less. Route guards decide the rest.
 */
/** Where the hook learns an account's role and session version now; null when the account is gone. */
export type AccountSessions = {
  currentSession: (userId: number) => Promise<{ role: Role; sessionVersion: number } | null>;
};

export function registerAuthentication(app: FastifyInstance, tokens: TokenService, accounts: AccountSessions) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, token] = header.split(' ');
    const verified = scheme?.toLowerCase() === 'bearer' && token ? await tokens.verify(token) : null;
    if (!verified) throw invalidToken();
    const { claims } = verified;
    if (claims.guest) {
      request.auth = claims;
      return;
    }
    // A deleted account's token stops working at once, a changed role takes effect at once, and a
    // changed password ends the sessions opened before it.
    const account = await accounts.currentSession(claims.userId);
    if (account === null || account.sessionVersion !== verified.sessionVersion) throw invalidToken();
    request.auth = { ...claims, role: account.role };
  });
}
