import type { CaptchaChallenge } from '@trashegimia/contract/auth';
import { badRequest } from '../../../errors';

/** The captcha guarding login and guest entry, whichever provider is configured. */
export interface Captcha {
  /**
   * Resolves with the solved challenge's level of work when the solution is good; otherwise throws
   * a 400 naming the field `captcha`.
   */
  verify(solution: string, client: { address: string }): Promise<{ level: number }>;
  /**
   * ALTCHA challenges come from us, at a level of work we choose (0 = the usual, each level twice
   * the one before); reCAPTCHA's come from Google, with no work to raise, so that provider has none.
   */
  readonly issueChallenge: ((level: number) => Promise<CaptchaChallenge>) | null;
}

// Distinct codes let the page say why: a fresh challenge fixes an expired or reused solution.
export const captchaInvalid = () => badRequest('captcha', 'The captcha was not solved correctly', 'captcha_invalid');
export const captchaExpired = () =>
  badRequest('captcha', 'The captcha has expired; please solve it again', 'captcha_expired');
export const captchaReplayed = () =>
  badRequest('captcha', 'This captcha solution was already used; please solve it again', 'captcha_replayed');
/** The account has had many failed logins lately: its captcha must be fetched for it (`?userName=`) and solved again. */
export const captchaHarder = () =>
  badRequest(
    'captcha',
    'This account has had many failed logins lately, so its captcha takes more work; please solve it again',
    'captcha_harder',
  );
