import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export async function pingDatabase(db: Executor) {
  await db.execute(sql`select 1`);
}
