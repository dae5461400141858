import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccessRequestListQuery, AccessRequestStatus } from '@trashegimia/contract/access-requests';
import type { Language } from '@trashegimia/contract/common';
import type { Executor } from '../../db/client';
import { accessRequests } from '../../db/schema/index';
import { conflict, sqlState, UNIQUE_VIOLATION } from '../../errors';
import { offsetOf } from '../../http/paging';

export type AccessRequestRow = typeof accessRequests.$inferSelect;

export type AccessRequestValues = {
  name: string;
  email: string;
  institution: string | null;
  purpose: string;
  language: Language;
};

export type AccessRequestDecision = {
  status: Exclude<AccessRequestStatus, 'PENDING'>;
  decidedBy: number;
  decisionNote: string | null;
  userId: number | null;
};

/** One waiting request per address (access_requests_pending_email_key): a second is a 409 naming `email`. */
export async function insertAccessRequest(db: Executor, values: AccessRequestValues): Promise<AccessRequestRow> {
  try {
    return (await db.insert(accessRequests).values(values).returning())[0]!;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw conflict(
        'A request from this email address is already waiting for a decision',
        'access_request_pending',
        'email',
      );
    }
    throw error;
  }
}

/** Newest first, optionally of one status. */
export async function selectAccessRequests(db: Executor, query: z.output<typeof AccessRequestListQuery>) {
  const where = query.status ? eq(accessRequests.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accessRequests)
      .where(where)
      .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(accessRequests).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** `forUpdate` holds the row until the transaction ends, so two administrators cannot both decide it. */
export async function findAccessRequestById(db: Executor, id: number, { forUpdate = false } = {}) {
  const query = db.select().from(accessRequests).where(eq(accessRequests.id, id)).limit(1);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function recordDecision(db: Executor, id: number, decision: AccessRequestDecision) {
  const [row] = await db
    .update(accessRequests)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(eq(accessRequests.id, id))
    .returning();
  return row!;
}
