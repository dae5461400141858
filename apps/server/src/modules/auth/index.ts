/** What other modules use of accounts and sessions. */
export { type UserClaims, assertAdmin, assertSession, assertUser, isAdmin } from './guards';
export { generatePassword, hashPassword, verifyPassword } from './passwords';
export type { AttemptCounters, LoginThrottle } from './login-throttle';
export type { Captcha } from './captcha/captcha';
export { sharedRateLimitStore } from './shared-rate-limit-store';
export { TokenService } from './tokens';
