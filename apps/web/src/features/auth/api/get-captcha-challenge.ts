import { CaptchaChallenge } from '@trashegimia/contract/auth';
import { apiRequest } from '@/shared/api/api-client';

/** GET /api/auth/captcha: a fresh, single-use ALTCHA challenge, for solving it without the widget. */
export const getCaptchaChallenge = () =>
  apiRequest('/auth/captcha', { schema: CaptchaChallenge, fallback: 'guestLoginFailed', authenticate: false });
