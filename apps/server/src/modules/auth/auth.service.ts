import { randomBytes } from 'node:crypto';
import type { GuestBody, LoginBody, SessionUser } from '@trashegimia/contract/auth';
import { Role } from '@trashegimia/contract/common';
import type { Database } from '../../db/client';
import { notFound, unauthorized } from '../../errors';
import { findUserByName, findUserSession, recordLogin } from './auth.repo';
import type { Captcha } from './captcha/captcha';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

export type Client = { address: string };

/** One message for an unknown user and a wrong password, so the answer does not reveal which names exist. */
const invalidCredentials = () => unauthorized('Wrong user name or password', 'invalid_credentials');

export class AuthService {
  /** Checked when the user does not exist, so that answer takes as long as a wrong password. */
  readonly #dummyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(
    private readonly db: Database,
    private readonly captcha: Captcha,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
  ) {}

  issueCaptchaChallenge() {
    if (!this.captcha.issueChallenge) throw notFound('captcha_challenge', 'This server uses reCAPTCHA, not ALTCHA');
    return this.captcha.issueChallenge();
  }

  async login(body: LoginBody, client: Client): Promise<{ token: string; user: SessionUser }> {
    await this.captcha.verify(body.captcha, client);
    // Counted before the password is checked, so that guesses sent in parallel cannot pass the limit.
    const attempt = await this.throttle.admit({ userName: body.userName, address: client.address });

    const user = await findUserByName(this.db, body.userName);
    const passwordMatches = await verifyPassword(user?.passwordHash ?? (await this.#dummyHash), body.password);
    if (!user || !passwordMatches) throw invalidCredentials();

    await attempt.succeeded();
    await recordLogin(this.db, user.id, new Date());
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
}
