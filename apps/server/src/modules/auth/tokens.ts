import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import { Role } from '@trashegimia/contract/common';
import { type Clock, systemClock } from '../../clock';

const ISSUER = 'trashegimia';
const ALGORITHM = 'HS256';

const SignedClaims = z.union([
  z.object({ guest: z.literal(true) }),
  // Tokens signed before session versions existed carry none: version 0, every account's first.
  z.object({ sub: z.string().regex(/^\d+$/), role: Role, sv: z.number().int().nonnegative().default(0) }),
]);

/**
 * A verified token: its claims, for an account the session version it was signed with, and what
 * signing out needs: the token's id (its `jti`) and when it expires.
 */
export type VerifiedToken = { claims: TokenClaims; sessionVersion: number; tokenId: string; expiresAt: Date };

/**
 * Valid tokens remembered until they expire: a page sends its token with every call, and checking
 * the signature (WebCrypto's HMAC, a trip to the thread pool) cost a tenth of a filtered list's
 * CPU. Past this many, the oldest is forgotten and verified again when it comes back. Forged or
 * expired tokens are never remembered.
 */
export const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Signed, expiring session tokens: they carry everything a request needs, so any instance can check
 * them; whether one was signed out is the shared revoked_tokens table's to say (http/authentication.ts).
 */
export class TokenService {
  readonly #key: Uint8Array;
  readonly #verified = new Map<string, { token: VerifiedToken; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** `sessionVersion` is the account's current one (users.session_version); guests have none. */
  sign(claims: TokenClaims, sessionVersion = 0): Promise<string> {
    const token = claims.guest
      ? new SignJWT({ guest: true }).setSubject('guest')
      : new SignJWT({ role: claims.role, sv: sessionVersion }).setSubject(String(claims.userId));
    const issuedAt = Math.floor(this.clock.now() / 1000);
    return (
      token
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        // Its id, by which signing out ends it on every instance (revoked_tokens).
        .setJti(randomUUID())
        .setExpirationTime(issuedAt + this.ttlSeconds)
        .sign(this.#key)
    );
  }

  /** The token's claims, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<VerifiedToken | null> {
    const remembered = this.#verified.get(token);
    if (remembered) {
      if (this.clock.now() < remembered.expiresAtMs) return remembered.token;
      this.#verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp'],
        currentDate: new Date(this.clock.now()),
      });
      const claims = SignedClaims.parse(payload);
      const signedOut = {
        // Tokens signed before they carried an id are known by their hash, so they can be ended too.
        tokenId: typeof payload.jti === 'string' ? payload.jti : createHash('sha256').update(token).digest('base64url'),
        expiresAt: new Date(payload.exp! * 1000),
      };
      const verified: VerifiedToken =
        'guest' in claims
          ? { claims: { guest: true }, sessionVersion: 0, ...signedOut }
          : {
              claims: { guest: false, userId: Number(claims.sub), role: claims.role },
              sessionVersion: claims.sv,
              ...signedOut,
            };
      this.#remember(token, verified, payload.exp! * 1000);
      return verified;
    } catch {
      return null;
    }
  }

  #remember(token: string, verified: VerifiedToken, expiresAtMs: number) {
    if (this.#verified.size >= MAX_REMEMBERED_TOKENS) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
    this.#verified.set(token, { token: verified, expiresAtMs });
  }
}
