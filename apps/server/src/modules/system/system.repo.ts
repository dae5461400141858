import type { ReadinessChecks } from '@trashegimia/contract/system';
import { cacheOf } from '../../db/cache';
import { type DatabaseHandle, pendingMigrations } from '../../db/client';

/**
 * What GET /api/ready and /api/health report. Asking for the pending migrations is also what shows
 * that the database answers; `databaseError` is why it did not.
 */
export async function readinessChecks(
  database: DatabaseHandle,
): Promise<{ checks: ReadinessChecks; databaseError?: unknown }> {
  const changeListener = cacheOf(database.db)?.listening ?? false;
  try {
    const pending = await pendingMigrations(database);
    return { checks: { migrations: pending.length === 0, database: true, changeListener } };
  } catch (error) {
    return { checks: { migrations: false, database: false, changeListener }, databaseError: error };
  }
}
