import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { DatasetExportBody, type DatasetExportLink } from '@trashegimia/contract/assets';
import type { TokenClaims } from '@trashegimia/contract/auth';
import { Language } from '@trashegimia/contract/common';
import { AppError, invalidToken } from '../../errors';
import type { AccountSessions } from '../../http/authentication';
import type { UrlSigner } from '../../storage/url-signer';
import type { UserClaims } from '../auth';

/** Long enough for the browser to start the download, short enough that a copied link is soon useless. */
export const EXPORT_LINK_SECONDS = 60;

/**
 * Longest link handed out: servers and proxies refuse request lines much past 8 kB (Node's whole
 * header limit is 16 kB). Only hundreds of filter values come near it.
 */
const MAX_LINK_LENGTH = 8_000;

/**
 * What download links need: the signer of their own key, and the accounts' sessions, to check at
 * download time that the session which asked for the link still holds (as a bearer token is checked).
 */
export type ExportLinks = { signer: UrlSigner; sessions: AccountSessions };

/** What a link carries, all of it under the signature: the export, its language, and whose session asked. */
const LinkedExport = z.object({
  request: DatasetExportBody,
  language: Language,
  userId: z.number().int(),
  sessionVersion: z.number().int(),
  tokenId: z.string(),
});

/** The GET's query. Every part is optional so that a link missing one is refused as not valid (403), as a blob link is. */
export const ExportLinkQuery = z.object({
  /** The linked export: its JSON, deflated and base64url-encoded, which keeps links of many filters short. */
  export: z.string().max(MAX_LINK_LENGTH).optional(),
  /** Unix seconds. */
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

const linkInvalid = () => new AppError(403, 'link_invalid', 'This download link is not valid');
const linkExpired = () =>
  new AppError(403, 'link_expired', 'This download link has expired; start the download again for a new one');

/** The text a link's signature covers: the expiry (digits) and the export (base64url), never ambiguous. */
const signedText = (expires: string, linked: string) => `${expires}\n${linked}`;

/**
 * A short-lived GET address of the export (`path`, the download route's), signed for the account
 * and session (`tokenId`) that asked for it. Throws 413 `export_link_too_long` when the filters are
 * too many for an address; POST …/export takes them all.
 */
export async function createExportLink(
  links: ExportLinks,
  path: string,
  asker: { viewer: UserClaims; tokenId: string },
  request: z.output<typeof DatasetExportBody>,
  language: Language,
): Promise<DatasetExportLink> {
  const session = await links.sessions.currentSession(asker.viewer.userId);
  // The authentication hook has just found it: gone since, the account's token no longer holds.
  if (session === null) throw invalidToken();
  const linked = deflateRawSync(
    JSON.stringify({
      request,
      language,
      userId: asker.viewer.userId,
      sessionVersion: session.sessionVersion,
      tokenId: asker.tokenId,
    } satisfies z.input<typeof LinkedExport>),
  ).toString('base64url');
  const expires = String(links.signer.expiry(EXPORT_LINK_SECONDS));
  const query = new URLSearchParams({
    export: linked,
    expires,
    signature: links.signer.sign(signedText(expires, linked)),
  });
  const url = `${path}?${query}`;
  if (url.length > MAX_LINK_LENGTH) {
    throw new AppError(
      413,
      'export_link_too_long',
      'Too many filters for a download link; choose fewer, or send them to POST /api/surveys/dataset-respondents/export',
    );
  }
  return { url, expiresAt: new Date(Number(expires) * 1000).toISOString() };
}

/**
 * The export a link names, and the account to export as, with its role as it is now; throws 403
 * `link_invalid` for a missing, altered or unreadable link or one whose session has ended (signed
 * out, password changed, account deleted), `link_expired` once it has expired, and
 * `link_other_account` when the request carries another account's token.
 */
export async function openExportLink(
  links: ExportLinks,
  query: z.output<typeof ExportLinkQuery>,
  caller: TokenClaims | null,
): Promise<{ viewer: UserClaims; request: z.output<typeof DatasetExportBody>; language: Language }> {
  const { export: linked, expires, signature } = query;
  if (!linked || !expires || !signature || !/^\d{1,12}$/.test(expires)) throw linkInvalid();
  const check = links.signer.check(signedText(expires, linked), signature, Number(expires));
  if (check === 'invalid') throw linkInvalid();
  if (check === 'expired') throw linkExpired();
  const claims = LinkedExport.safeParse(parseLinked(linked));
  // Signed by this server, so it always reads; a link of an older, different shape would not.
  if (!claims.success) throw linkInvalid();
  const { request, language, userId, sessionVersion, tokenId } = claims.data;
  if (caller !== null && (caller.guest || caller.userId !== userId)) {
    throw new AppError(403, 'link_other_account', 'This download link was made for another account');
  }
  const [session, revoked] = await Promise.all([
    links.sessions.currentSession(userId),
    links.sessions.isRevoked(tokenId),
  ]);
  if (session === null || session.sessionVersion !== sessionVersion || revoked) throw linkInvalid();
  return { viewer: { guest: false, userId, role: session.role }, request, language };
}

function parseLinked(linked: string): unknown {
  try {
    return JSON.parse(inflateRawSync(Buffer.from(linked, 'base64url')).toString('utf8'));
  } catch {
    return null;
  }
}
