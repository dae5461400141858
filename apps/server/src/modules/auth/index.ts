/** What other modules use of accounts and sessions. */
export { type UserClaims, assertAdmin, assertSession, assertUser, isAdmin } from './guards';
export { generatePassword, hashPassword, verifyPassword } from './passwords';
export type { LoginThrottle } from './login-throttle';
export { TokenService } from './tokens';
