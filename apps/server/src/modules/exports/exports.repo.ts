import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { datasets } from '../../db/schema/index';

/** The dataset's pill colour for a document's header; null when it has none (or no longer exists). */
export async function findDatasetColor(db: Executor, datasetId: number): Promise<string | null> {
  const [row] = await db
    .select({ pillColor: datasets.pillColor })
    .from(datasets)
    .where(eq(datasets.id, datasetId))
    .limit(1);
  return row?.pillColor ?? null;
}
