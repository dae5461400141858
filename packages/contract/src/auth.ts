import { z } from 'zod';
import { Role } from './common';

/** The captcha widget's solution payload, as the widget submits it. */
export const CaptchaSolution = z.string().trim().min(1).max(20_000);

export const LoginBody = z.object({
  userName: z.string().trim().min(1).max(100),
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
export type TokenClaims =
  | { guest: false; userId: number; role: Role }
  | { guest: true };
