import type { z } from 'zod';
import type {
  AccessRequest,
  AccessRequestApproved,
  AccessRequestList,
  AccessRequestListQuery,
  AccessRequestReceived,
  ApproveAccessRequestBody,
  CreateAccessRequestBody,
  DeclineAccessRequestBody,
} from '@trashegimia/contract/access-requests';
import { ROLE, type Language } from '@trashegimia/contract/common';
import type { TokenClaims } from '@trashegimia/contract/auth';
import type { Database, Executor, Transaction } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { pageMeta } from '../../http/paging';
import { recordAudit } from '../audit/audit.service';
import { type Captcha, type UserClaims, assertAdmin } from '../auth';
import { addAccount, generatePasswordFor, prepareAccount, userNamesOf } from '../users/users.service';
import { auditedAccessRequest, presentAccessRequest } from './access-requests.presenter';
import {
  type AccessRequestDecision,
  type AccessRequestRow,
  findAccessRequestById,
  insertAccessRequest,
  recordDecision,
  selectAccessRequests,
} from './access-requests.repo';

const SUBJECT_TYPE = 'access_request';

const accessRequestNotFound = () => notFound('access_request');
const alreadyDecided = () => conflict('This request has already been decided', 'access_request_decided');

/** The rows as the back office shows them, with the names of the accounts they refer to. */
async function present(db: Executor, rows: AccessRequestRow[]): Promise<AccessRequest[]> {
  const ids = rows.flatMap((row) => [row.decidedBy, row.userId]).filter((id) => id !== null);
  const names = await userNamesOf(db, [...new Set(ids)]);
  return rows.map((row) => presentAccessRequest(row, names));
}

/**
 * POST /access-requests: anyone, with a solved captcha (400 naming `captcha` otherwise), asks for an
 * account. A second request from an address whose first still waits is a 409 naming `email`.
 */
export async function submitAccessRequest(
  db: Database,
  captcha: Captcha,
  body: z.output<typeof CreateAccessRequestBody>,
  client: { address: string; language: Language },
): Promise<AccessRequestReceived> {
  await captcha.verify(body.captcha, client);
  return db.transaction(async (tx) => {
    const row = await insertAccessRequest(tx, {
      name: body.name,
      email: body.email,
      institution: body.institution ?? null,
      purpose: body.purpose,
      language: client.language,
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'access_request.create',
      subjectType: SUBJECT_TYPE,
      subjectId: String(row.id),
      after: auditedAccessRequest(row),
    });
    return { id: row.id, status: 'PENDING' };
  });
}

export async function listAccessRequests(
  db: Executor,
  viewer: TokenClaims | null,
  query: z.output<typeof AccessRequestListQuery>,
): Promise<AccessRequestList> {
  assertAdmin(viewer);
  const { rows, total } = await selectAccessRequests(db, query);
  return { items: await present(db, rows), meta: pageMeta(query, total) };
}

/**
 * Approves a waiting request: makes a user account (role 1) of the name the administrator
 * confirmed, with a generated password returned this once, and records both in one transaction.
 * A name already taken is a 409 naming `userName`; a request already decided, a 409.
 */
export async function approveAccessRequest(
  db: Database,
  actor: TokenClaims | null,
  id: number,
  body: z.output<typeof ApproveAccessRequestBody>,
): Promise<AccessRequestApproved> {
  assertAdmin(actor);
  // Checked before the password is hashed, which takes tens of milliseconds; again under the lock.
  const waiting = await findAccessRequestById(db, id);
  if (!waiting) throw accessRequestNotFound();
  if (waiting.status !== 'PENDING') throw alreadyDecided();
  const password = generatePasswordFor(body.userName);
  const account = await prepareAccount({ userName: body.userName, role: ROLE.USER, password });

  return db.transaction(async (tx) => {
    const before = await lockWaiting(tx, id);
    const user = await addAccount(tx, actor, account);
    const request = await decide(tx, actor, before, { status: 'APPROVED', decisionNote: null, userId: user.id });
    return { request, user, password };
  });
}

/** Declines a waiting request, with an optional note for the record; a request already decided is a 409. */
export async function declineAccessRequest(
  db: Database,
  actor: TokenClaims | null,
  id: number,
  body: z.output<typeof DeclineAccessRequestBody>,
): Promise<AccessRequest> {
  assertAdmin(actor);
  return db.transaction(async (tx) =>
    decide(tx, actor, await lockWaiting(tx, id), { status: 'DECLINED', decisionNote: body.note ?? null, userId: null }),
  );
}

/** The request, held until the transaction ends so no one else decides it meanwhile; 404, or 409 once decided. */
async function lockWaiting(tx: Transaction, id: number): Promise<AccessRequestRow> {
  const row = await findAccessRequestById(tx, id, { forUpdate: true });
  if (!row) throw accessRequestNotFound();
  if (row.status !== 'PENDING') throw alreadyDecided();
  return row;
}

async function decide(
  tx: Transaction,
  actor: UserClaims,
  before: AccessRequestRow,
  decision: Omit<AccessRequestDecision, 'decidedBy'>,
): Promise<AccessRequest> {
  const id = before.id;
  const after = await recordDecision(tx, id, { ...decision, decidedBy: actor.userId });
  await recordAudit(tx, {
    actorId: actor.userId,
    action: decision.status === 'APPROVED' ? 'access_request.approve' : 'access_request.decline',
    subjectType: SUBJECT_TYPE,
    subjectId: String(id),
    before: auditedAccessRequest(before),
    after: auditedAccessRequest(after),
  });
  const [presented] = await present(tx, [after]);
  return presented!;
}
