import type { Transaction } from '../../db/client';
import { type AuditEntry, insertAuditEntry } from './audit.repo';

/**
 * Records who changed what, before and after. It takes the transaction that made the change, so
 * the record and the change are written together or not at all (CONVENTIONS: audit in the same
 * transaction).
 */
export async function recordAudit(tx: Transaction, entry: AuditEntry) {
  await insertAuditEntry(tx, entry);
}
