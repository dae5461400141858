import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { cachedRead } from '../../db/cache';
import { rateLimitCounters, revokedTokens, usedCaptchas, users } from '../../db/schema/index';
import { MAX_REMEMBERED_TOKENS } from './tokens';

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

/** A limit's counter: which limit, and whose attempts it counts (an address, an account, …). */
export type CounterKey = { limitName: string; key: string };
export type CounterState = CounterKey & { count: number; windowEndsAt: Date };

/**
 * Counts one attempt on each counter, in one statement, and returns each counter's count in its
 * window with the window's end. A counter's window opens with its first attempt and lasts
 * `windowMs`; the first attempt after it closes opens the next. The upsert locks each counter's
 * row until the statement ends, so attempts on every instance are counted one after another and
 * none is lost.
 */
export async function countAttempts(
  db: Executor,
  counters: readonly CounterKey[],
  at: Date,
  windowMs: number,
): Promise<CounterState[]> {
  if (counters.length === 0) return [];
  const closed = sql`${rateLimitCounters.windowEndsAt} <= ${at.toISOString()}::timestamptz`;
  const windowEndsAt = new Date(at.getTime() + windowMs);
  return db
    .insert(rateLimitCounters)
    .values(counters.map(({ limitName, key }) => ({ limitName, key, count: 1, windowEndsAt })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.limitName, rateLimitCounters.key],
      set: {
        count: sql`case when ${closed} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${closed} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({
      limitName: rateLimitCounters.limitName,
      key: rateLimitCounters.key,
      count: rateLimitCounters.count,
      windowEndsAt: rateLimitCounters.windowEndsAt,
    });
}

/** The counter's count in its open window; 0 when it has none. */
export async function readAttempts(db: Executor, counter: CounterKey, at: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(matches(counter), gt(rateLimitCounters.windowEndsAt, at)));
  return row?.count ?? 0;
}

/** Takes one attempt back from each counter's open window. */
export async function uncountAttempt(db: Executor, counters: readonly CounterKey[], at: Date) {
  if (counters.length === 0) return;
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(anyOf(counters), gt(rateLimitCounters.windowEndsAt, at)));
}

export async function deleteCounters(db: Executor, counters: readonly CounterKey[]) {
  if (counters.length === 0) return;
  await db.delete(rateLimitCounters).where(anyOf(counters));
}

export async function deleteClosedCounters(db: Executor, at: Date) {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, at));
}

const matches = ({ limitName, key }: CounterKey) =>
  and(eq(rateLimitCounters.limitName, limitName), eq(rateLimitCounters.key, key));

const anyOf = (counters: readonly CounterKey[]) =>
  sql`(${rateLimitCounters.limitName}, ${rateLimitCounters.key}) in (${sql.join(
    counters.map(({ limitName, key }) => sql`(${limitName}, ${key})`),
    sql`, `,
  )})`;

/** Ends a token until it expires; signing out twice is harmless. */
export async function revokeToken(db: Executor, tokenId: string, expiresAt: Date) {
  await db.insert(revokedTokens).values({ tokenId, expiresAt }).onConflictDoNothing();
}

/**
 * Asked on every call that carries a token: kept until revoked_tokens changes (any sign-out or
 * purge, on any instance), one answer for each token the TokenService remembers as verified.
 */
export function isTokenRevoked(db: Executor, tokenId: string): Promise<boolean> {
  return cachedRead(
    db,
    'token_revoked',
    tokenId,
    [revokedTokens],
    async () => {
      const rows = await runPrepared(
        db,
        'token_revoked',
        '',
        () =>
          db
            .select({ tokenId: revokedTokens.tokenId })
            .from(revokedTokens)
            .where(eq(revokedTokens.tokenId, sql.placeholder('tokenId')))
            .limit(1),
        { tokenId },
      );
      return rows.length > 0;
    },
    { maxEntries: MAX_REMEMBERED_TOKENS },
  );
}

/** A revoked token past its expiry is refused for that alone. */
export async function deleteExpiredRevocations(db: Executor, at: Date) {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, at));
}
