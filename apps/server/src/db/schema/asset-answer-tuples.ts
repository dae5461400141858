import { json, pgTable, uuid } from 'drizzle-orm/pg-core';
import { assets } from './assets';

/**
 * Each asset's answers as [question id, option id, value, value2] in the order they were stored,
 * kept by the trigger on `answers` that keeps assets.option_ids (migration 0016), in the same
 * transaction as the change; an asset without answers has no row. An asset's detail and an export's
 * batches read them with the asset instead of gathering its answers anew, which was half of the
 * database's time for exports. A table of its own, so the assets' rows stay as narrow as the
 * updates of their views and statuses want them.
 */
export const assetAnswerTuples = pgTable('asset_answer_tuples', {
  assetId: uuid('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  tuples: json('tuples').$type<[number, number | null, string | null, string | null][]>().notNull(),
});
