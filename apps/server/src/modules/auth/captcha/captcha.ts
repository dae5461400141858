import type { CaptchaChallenge } from '@trashegimia/contract/auth';
import { badRequest } from '../../../errors';

/** The captcha guarding login and guest entry, whichever provider is configured. */
export interface Captcha {
  /** Resolves when the solution is good; otherwise throws a 400 naming the field `captcha`. */
  verify(solution: string, client: { address: string }): Promise<void>;
  /** ALTCHA challenges come from us; reCAPTCHA's come from Google, so that provider has none. */
  readonly issueChallenge: (() => Promise<CaptchaChallenge>) | null;
}

// Distinct codes let the page say why: a fresh challenge fixes an expired or reused solution.
export const captchaInvalid = () => badRequest('captcha', 'The captcha was not solved correctly', 'captcha_invalid');
export const captchaExpired = () =>
  badRequest('captcha', 'The captcha has expired; please solve it again', 'captcha_expired');
export const captchaReplayed = () =>
  badRequest('captcha', 'This captcha solution was already used; please solve it again', 'captcha_replayed');
