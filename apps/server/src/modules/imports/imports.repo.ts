import { eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { imports } from '../../db/schema/index';

export type ImportRow = typeof imports.$inferSelect;

export async function insertImport(db: Executor, values: typeof imports.$inferInsert): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  return row!;
}

/** An import as its page shows it: its first rows and how many there are, not every row (megabytes). */
export type ImportSummaryRow = Omit<ImportRow, 'rows'>;

export async function findImportSummary(db: Executor, id: string): Promise<ImportSummaryRow | undefined> {
  const { rows: _rows, ...columns } = getTableColumns(imports);
  const [row] = await db.select(columns).from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

export async function findImport(db: Executor, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

export async function markImport(
  db: Executor,
  id: string,
  outcome: { state: 'imported'; importedAssets: number } | { state: 'failed'; error: string },
) {
  await db
    .update(imports)
    .set({ ...outcome, ...(outcome.state === 'imported' && { error: null }), updatedAt: new Date() })
    .where(eq(imports.id, id));
}
