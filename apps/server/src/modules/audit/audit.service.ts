import type { Executor, Transaction } from '../../db/client';
import type { SQL } from 'drizzle-orm';
import {
  type AuditEntry,
  auditEntriesInsert,
  auditEntryInsertFrom,
  insertAuditEntries,
  insertAuditEntry,
  selectAuditEntries,
} from './audit.repo';

/**
 * Records who changed what, before and after. It takes the transaction that made the change, so
 * the record and the change are written together or not at all (CONVENTIONS: audit in the same
 * transaction).
 */
export async function recordAudit(tx: Transaction, entry: AuditEntry) {
  await insertAuditEntry(tx, entry);
}

/**
 * The record of a change that one statement makes whole (a submission's asset, answers and record):
 * a part for that statement, written once for each row of `from`, so not when the change did not happen.
 */
export function auditRecordIn(entry: AuditEntry): (from: SQL) => SQL {
  return (from) => auditEntryInsertFrom(entry, from);
}

/** Many entries by one actor, as a part of the statement that makes their changes. */
export function auditRecordsIn(actorId: number | null, entries: Omit<AuditEntry, 'actorId'>[]): SQL {
  return auditEntriesInsert(actorId, entries);
}

/** Many entries by one actor, written together (bulk changes), in the transaction that made them. */
export async function recordAudits(tx: Transaction, actorId: number | null, entries: Omit<AuditEntry, 'actorId'>[]) {
  await insertAuditEntries(tx, actorId, entries);
}

/** What was recorded about one subject, newest first: for the history a screen shows. */
export async function auditEntriesOf(
  db: Executor,
  subject: { subjectType: string; subjectId: string },
  page: { limit: number; offset: number },
) {
  return selectAuditEntries(db, subject, page);
}
