import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
};

export async function insertAuditEntry(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    ...entry,
    // The name as it was at the time, so the record still reads after the account is gone.
    actorName:
      entry.actorId === null
        ? null
        : sql`(select ${users.userName} from ${users} where ${users.id} = ${entry.actorId})`,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
