import { type SQL, asc, eq, inArray, sql } from 'drizzle-orm';
import { albanianOrder } from '../../db/albanian-order';
import type { Executor } from '../../db/client';
import { guidelines } from '../../db/schema/index';
import { containsText } from '../../db/text-search';

export type GuidelineRow = Pick<
  typeof guidelines.$inferSelect,
  'id' | 'title' | 'path' | 'contentType' | 'size' | 'createdAt'
>;

const guidelineColumns = {
  id: guidelines.id,
  title: guidelines.title,
  path: guidelines.path,
  contentType: guidelines.contentType,
  size: guidelines.size,
  createdAt: guidelines.createdAt,
};

export type GuidelineSelection = { search?: string; limit: number; offset: number };

/** Guidelines in title order (then id), optionally those whose title contains the search text. */
export async function selectGuidelines(
  db: Executor,
  selection: GuidelineSelection,
): Promise<{ rows: GuidelineRow[]; total: number }> {
  const where = selection.search ? containsText(guidelines.title, selection.search) : undefined;
  const rows = await db
    .select({ ...guidelineColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(guidelines)
    .where(where)
    .orderBy(asc(albanianOrder(guidelines.title)), asc(guidelines.id))
    .limit(selection.limit)
    .offset(selection.offset);
  // Past the last page the window count has no row to ride on.
  const total = rows[0]?.total ?? (selection.offset > 0 ? await countGuidelines(db, where) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

async function countGuidelines(db: Executor, where: SQL | undefined) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(guidelines)
    .where(where);
  return row?.count ?? 0;
}

export async function findGuideline(db: Executor, id: number): Promise<GuidelineRow | undefined> {
  const [row] = await db.select(guidelineColumns).from(guidelines).where(eq(guidelines.id, id)).limit(1);
  return row;
}

export type NewGuideline = { title: string; path: string; contentType: string; size: number; createdBy: number };

export async function insertGuideline(db: Executor, values: NewGuideline): Promise<GuidelineRow> {
  const [row] = await db.insert(guidelines).values(values).returning(guidelineColumns);
  return row!;
}

export async function updateGuidelineTitle(db: Executor, id: number, title: string): Promise<GuidelineRow | undefined> {
  const [row] = await db.update(guidelines).set({ title }).where(eq(guidelines.id, id)).returning(guidelineColumns);
  return row;
}

export async function deleteGuidelineById(db: Executor, id: number) {
  await db.delete(guidelines).where(eq(guidelines.id, id));
}

/** Whether a guideline is registered with this file. */
export async function anyGuidelineWithPath(db: Executor, path: string): Promise<boolean> {
  const rows = await db.select({ id: guidelines.id }).from(guidelines).where(eq(guidelines.path, path)).limit(1);
  return rows.length > 0;
}

/** Those of the files a guideline is registered with. */
export async function guidelinePathsAmong(db: Executor, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const rows = await db.select({ path: guidelines.path }).from(guidelines).where(inArray(guidelines.path, paths));
  return rows.map((row) => row.path);
}

/**
 * Makes whoever else registers or removes this file wait until this transaction ends, so a file is
 * never removed as never registered while it is being registered.
 */
export async function lockGuidelineFile(tx: Executor, path: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`guideline-file:${path}`}, 0))`);
}
