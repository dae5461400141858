import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { cachedRead } from '../../db/read-cache';
import { usedCaptchas, users } from '../../db/schema/index';

/** User names are unique regardless of case (users_user_name_lower_key), and looked up the same way. */
export async function findUserByName(db: Executor, userName: string) {
  const [user] = await db
    .select({
      id: users.id,
      userName: users.userName,
      role: users.role,
      passwordHash: users.passwordHash,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(sql`lower(${users.userName})`, userName.toLowerCase()))
    .limit(1);
  return user;
}

/** Read on every call with an account's token: prepared once, and kept until an account changes. */
export async function findUserSession(db: Executor, id: number) {
  const [user] = await cachedRead(db, 'user_session', String(id), [users], () =>
    runPrepared(
      db,
      'user_session',
      '',
      () =>
        db
          .select({ role: users.role, sessionVersion: users.sessionVersion })
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .limit(1),
      { id },
    ),
  );
  return user;
}

export async function recordLogin(db: Executor, userId: number, at: Date) {
  await db.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
}

/** True when this is the first use of the challenge; the primary key makes that atomic across instances. */
export async function markCaptchaUsed(db: Executor, signature: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(usedCaptchas)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedCaptchas.signature });
  return inserted.length === 1;
}

export async function deleteExpiredCaptchas(db: Executor, now: Date) {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
}
