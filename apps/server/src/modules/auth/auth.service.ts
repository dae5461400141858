import { randomBytes } from 'node:crypto';
import type { GuestBody, LoginBody, SessionUser } from '@trashegimia/contract/auth';
import { Role } from '@trashegimia/contract/common';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { notFound, unauthorized } from '../../errors';
import {
  deleteExpiredRevocations,
  findUserByName,
  findUserSession,
  isTokenRevoked,
  recordLogin,
  revokeToken,
} from './auth.repo';
import { type Captcha, captchaHarder } from './captcha/captcha';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

export type Client = { address: string };

/** One message for an unknown user and a wrong password, so the answer does not reveal which names exist. */
const invalidCredentials = () => unauthorized('Wrong user name or password', 'invalid_credentials');

/** How often an instance deletes revocations of tokens that have expired anyway. */
const PRUNE_REVOCATIONS_EVERY_MS = 10 * 60 * 1000;

export class AuthService {
  /** Checked when the user does not exist, so that answer takes as long as a wrong password. */
  readonly #dummyHash = hashPassword(randomBytes(16).toString('hex'));
  #lastRevocationPrune = 0;

  constructor(
    private readonly db: Database,
    private readonly captcha: Captcha,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly clock: Clock = systemClock,
  ) {}

  /** A challenge for the login of `userName` costs more work while that account is under attack. */
  async issueCaptchaChallenge(userName?: string) {
    if (!this.captcha.issueChallenge) throw notFound('captcha_challenge', 'This server uses reCAPTCHA, not ALTCHA');
    return this.captcha.issueChallenge(userName ? await this.throttle.captchaLevel(userName) : 0);
  }

  async login(body: LoginBody, client: Client): Promise<{ token: string; user: SessionUser }> {
    const solved = await this.captcha.verify(body.captcha, client);
    // Guesses at one account from many addresses never lock it: they make its captcha cost more
    // work or, where the captcha has no work to raise, make its attempts wait longer.
    const captchaHasWork = this.captcha.issueChallenge !== null;
    // Counted before the password is checked, so that guesses sent in parallel cannot pass the limit.
    const attempt = await this.throttle.admit(
      { userName: body.userName, address: client.address },
      { delayForAccount: !captchaHasWork },
    );
    if (captchaHasWork && solved.level < attempt.captchaLevel) {
      await attempt.withdraw();
      throw captchaHarder();
    }

    const user = await findUserByName(this.db, body.userName);
    const passwordMatches = await verifyPassword(user?.passwordHash ?? (await this.#dummyHash), body.password);
    if (!user || !passwordMatches) throw invalidCredentials();

    await attempt.succeeded();
    await recordLogin(this.db, user.id, new Date(this.clock.now()));
    const sessionUser = { id: user.id, userName: user.userName, role: Role.parse(user.role) };
    const token = await this.tokens.sign(
      { guest: false, userId: sessionUser.id, role: sessionUser.role },
      user.sessionVersion,
    );
    return { token, user: sessionUser };
  }

  /** The account's role and session version now, or null when it no longer exists: a token outlives neither. */
  async currentSession(userId: number): Promise<{ role: Role; sessionVersion: number } | null> {
    const account = await findUserSession(this.db, userId);
    const role = Role.safeParse(account?.role);
    return account && role.success ? { role: role.data, sessionVersion: account.sessionVersion } : null;
  }

  async enterAsGuest(body: GuestBody, client: Client): Promise<{ token: string }> {
    await this.captcha.verify(body.captcha, client);
    return { token: await this.tokens.sign({ guest: true }) };
  }

  /** True when the token was signed out; asked on every call that carries one, on every instance. */
  isRevoked(tokenId: string): Promise<boolean> {
    return isTokenRevoked(this.db, tokenId);
  }

  /** Ends the token on every instance until it would have expired: a guest's as an account's. */
  async logout(token: { tokenId: string; expiresAt: Date }): Promise<void> {
    await revokeToken(this.db, token.tokenId, token.expiresAt);
    const now = this.clock.now();
    if (now - this.#lastRevocationPrune < PRUNE_REVOCATIONS_EVERY_MS) return;
    this.#lastRevocationPrune = now;
    await deleteExpiredRevocations(this.db, new Date(now));
  }
}
