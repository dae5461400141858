import { type SQL, and, count, desc, eq, sql } from 'drizzle-orm';
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

/**
 * The insert of `entry` as a part of a larger statement (a CTE), written once for each row of
 * `from`: the change and its record are then one statement, and one round trip.
 */
export function auditEntryInsertFrom(entry: AuditEntry, from: SQL): SQL {
  return sql`
    insert into ${auditLog} (actor_id, actor_name, action, subject_type, subject_id, before, after)
    select ${entry.actorId}::integer, (select ${users.userName} from ${users} where ${users.id} = ${entry.actorId}::integer),
      ${entry.action}, ${entry.subjectType}, ${entry.subjectId},
      ${JSON.stringify(entry.before ?? null)}::jsonb, ${JSON.stringify(entry.after ?? null)}::jsonb
    from ${from}`;
}

/**
 * Many entries of one actor in one statement: a bulk change of thousands of subjects records
 * each of them without a round trip per entry.
 */
export async function insertAuditEntries(db: Executor, actorId: number | null, entries: Omit<AuditEntry, 'actorId'>[]) {
  if (entries.length === 0) return;
  await db.execute(auditEntriesInsert(actorId, entries));
}

/** The insert of many entries of one actor, as a statement or a part of one (a CTE). */
export function auditEntriesInsert(actorId: number | null, entries: Omit<AuditEntry, 'actorId'>[]): SQL {
  const batch = JSON.stringify(
    entries.map((entry) => ({ ...entry, before: entry.before ?? null, after: entry.after ?? null })),
  );
  return sql`
    insert into ${auditLog} (actor_id, actor_name, action, subject_type, subject_id, before, after)
    select ${actorId}::integer, (select ${users.userName} from ${users} where ${users.id} = ${actorId}::integer),
      e.action, e."subjectType", e."subjectId", e.before, e.after
    from jsonb_to_recordset(${batch}::jsonb) as e(action text, "subjectType" text, "subjectId" text, before jsonb, after jsonb)`;
}

/** One subject's entries, newest first, with the count of all of them. */
export async function selectAuditEntries(
  db: Executor,
  subject: { subjectType: string; subjectId: string },
  page: { limit: number; offset: number },
) {
  const where = and(eq(auditLog.subjectType, subject.subjectType), eq(auditLog.subjectId, subject.subjectId));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
