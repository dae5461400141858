import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { assetCountChanges, assetCountTotals, datasets, surveys } from '../../db/schema/index';

/**
 * Moves every appended count change into asset_count_totals in one statement, so a reader of the
 * asset_counts view sees each change exactly once, before or after. Changes of a dataset or survey
 * deleted since are dropped with them. Answers how many change rows were folded.
 *
 * Servers fold concurrently without harm: a second fold waits for the rows the first is moving and
 * then finds them gone; totals are upserted in key order, so folds never deadlock.
 */
export async function foldCountChanges(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    with moved as (
      delete from ${assetCountChanges}
      returning ${assetCountChanges.datasetId} as dataset_id, ${assetCountChanges.surveyId} as survey_id,
        ${assetCountChanges.status} as status, ${assetCountChanges.change} as change
    ), folded as (
      insert into ${assetCountTotals} as totals (dataset_id, survey_id, status, count)
      select moved.dataset_id, moved.survey_id, moved.status, sum(moved.change)::integer
      from moved
      where exists (select from ${datasets} where ${datasets.id} = moved.dataset_id)
        and exists (select from ${surveys} where ${surveys.id} = moved.survey_id)
      group by 1, 2, 3
      having sum(moved.change) <> 0
      order by 1, 2, 3
      on conflict (dataset_id, survey_id, status) do update set count = totals.count + excluded.count
    )
    select count(*)::integer as folded from moved`);
  return rowsOf<{ folded: number }>(result)[0]?.folded ?? 0;
}
