import { z } from 'zod';
import { plainText, Role } from './common';

/** The captcha widget's solution payload, as the widget submits it. */
export const CaptchaSolution = z.string().trim().min(1).max(20_000);

/**
 * An ALTCHA proof-of-work challenge (`GET /auth/captcha`), in the shape the `altcha` widget fetches.
 * Every parameter is listed: the signature covers all of them, so none may be dropped on the way.
 */
export const CaptchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().int().optional(),
    parallelism: z.number().int().optional(),
    expiresAt: z.number().int().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

/**
 * `GET /auth/captcha?userName=`: naming the account the captcha is for gets a challenge with the
 * work its login needs, which is more while the account has had many failed logins lately (a
 * login with too easy a solution is refused with `captcha_harder`).
 */
export const CaptchaQuery = z.object({ userName: plainText(100).optional() });
export type CaptchaQuery = z.infer<typeof CaptchaQuery>;

export const LoginBody = z.object({
  userName: plainText(100).min(1),
  password: z.string().min(1).max(1000),
  captcha: CaptchaSolution,
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SessionUser = z.object({
  id: z.number().int(),
  userName: z.string(),
  role: Role,
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z.object({
  access_token: z.string(),
  userId: z.number().int(),
  role: Role,
  user: SessionUser,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The spec sends no body; we require the captcha so that guest entry is protected on the server too. */
export const GuestBody = z.object({ captcha: CaptchaSolution });
export type GuestBody = z.infer<typeof GuestBody>;

export const GuestResponse = z.object({ access_token: z.string() });
export type GuestResponse = z.infer<typeof GuestResponse>;

/** What a signed token says about its bearer. */
export type TokenClaims = { guest: false; userId: number; role: Role } | { guest: true };
