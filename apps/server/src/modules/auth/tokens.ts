import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { TokenClaims } from '@trashegimia/contract/auth';
import { Role } from '@trashegimia/contract/common';

const ISSUER = 'trashegimia';
const ALGORITHM = 'HS256';

const SignedClaims = z.union([
  z.object({ guest: z.literal(true) }),
  z.object({ sub: z.string().regex(/^\d+$/), role: Role }),
]);

/** Signed, expiring session tokens: they carry everything a request needs, so any instance can check them. */
export class TokenService {
  readonly #key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    const token = claims.guest
      ? new SignJWT({ guest: true }).setSubject('guest')
      : new SignJWT({ role: claims.role }).setSubject(String(claims.userId));
    return token
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.#key);
  }

  /** The token's claims, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp'],
      });
      const claims = SignedClaims.parse(payload);
      return 'guest' in claims ? { guest: true } : { guest: false, userId: Number(claims.sub), role: claims.role };
    } catch {
      return null;
    }
  }
}
