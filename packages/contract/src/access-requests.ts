import { z } from 'zod';
import { CaptchaSolution } from './auth';
import { clearableText, Id, Language, PageQuery, pageOf, plainText } from './common';
import { CreateUserBody, User } from './users';

/**
 * Someone without an account asks for one (downloads and analytics need an account); an
 * administrator approves it, which makes a user (role 1), or declines it with a note.
 */
export const ACCESS_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export const AccessRequestStatus = z.enum(ACCESS_REQUEST_STATUSES);
export type AccessRequestStatus = z.infer<typeof AccessRequestStatus>;

/** Longest email address SMTP carries (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;

/** POST /access-requests: the public form, with a solved captcha. */
export const CreateAccessRequestBody = z.object({
  name: plainText(200).min(1),
  email: plainText(MAX_EMAIL_LENGTH).min(1).pipe(z.email()),
  institution: clearableText(200),
  purpose: plainText(2000).min(1),
  captcha: CaptchaSolution,
});
export type CreateAccessRequestBody = z.input<typeof CreateAccessRequestBody>;

/** What the person who asked is told: that it arrived. Nothing else of the register is revealed. */
export const AccessRequestReceived = z.object({ id: z.number().int(), status: AccessRequestStatus });
export type AccessRequestReceived = z.infer<typeof AccessRequestReceived>;

export const AccessRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  institution: z.string().nullable(),
  purpose: z.string(),
  /** The language the request was written in. */
  language: Language,
  status: AccessRequestStatus,
  decisionNote: z.string().nullable(),
  /** The administrator who decided, as the account is named now; null while pending or once that account is gone. */
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The account an approval made, as it is named now; null otherwise or once it is gone. */
  userName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AccessRequest = z.infer<typeof AccessRequest>;

/** Newest first; `status` narrows to pending, approved or declined requests. */
export const AccessRequestListQuery = PageQuery.extend({ status: AccessRequestStatus.optional() });
export type AccessRequestListQuery = z.input<typeof AccessRequestListQuery>;

export const AccessRequestList = pageOf(AccessRequest);
export type AccessRequestList = z.infer<typeof AccessRequestList>;

export const AccessRequestParams = z.object({ id: Id });

/** The account's name the administrator confirms (the page suggests one from the email address). */
export const ApproveAccessRequestBody = z.object({ userName: CreateUserBody.shape.userName });
export type ApproveAccessRequestBody = z.input<typeof ApproveAccessRequestBody>;

/**
 * The approved request and the new account, with its generated password: shown to the
 * administrator this once, to hand on; it is stored only as a hash.
 */
export const AccessRequestApproved = z.object({
  request: AccessRequest,
  user: User,
  password: z.string(),
});
export type AccessRequestApproved = z.infer<typeof AccessRequestApproved>;

export const DeclineAccessRequestBody = z.object({ note: clearableText(2000) });
export type DeclineAccessRequestBody = z.input<typeof DeclineAccessRequestBody>;

/**
 * A user name suggested from an email address: the part before the @, lower case, with only
 * letters, digits, dots, hyphens and underscores. The administrator may change it.
 */
export function suggestedUserName(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .slice(0, 100);
}
