import { type SQL, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { answers, assets } from '../../db/schema/index';
import type { AssetEdit, StoredAnswerRow } from './asset-review.repo';

const submissionColumns = {
  id: assets.id,
  uniqueId: assets.uniqueId,
  surveyId: assets.surveyId,
  datasetId: assets.datasetId,
  status: assets.status,
  date: assets.date,
  userId: assets.userId,
};

export type SubmissionRow = { [Column in keyof typeof submissionColumns]: (typeof assets.$inferSelect)[Column] };

export async function findSubmissionById(db: Executor, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select(submissionColumns).from(assets).where(eq(assets.id, id)).limit(1);
  return row;
}

export async function findSubmissionByUniqueId(db: Executor, uniqueId: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select(submissionColumns).from(assets).where(eq(assets.uniqueId, uniqueId)).limit(1);
  return row;
}

export type NewSubmissionRow = AssetEdit & {
  surveyId: number;
  datasetId: number;
  uniqueId: string;
  date: Date;
  latitude: number | null;
  longitude: number | null;
  userId: number;
  deviceId: number | null;
  /** The options its answers chose, as the answers' trigger would find them (migration 0017). */
  optionIds: number[];
};

export type NewAnswerRow = StoredAnswerRow & { assetId: string };

/**
 * The new asset, its answers and its audit record (`record`, written from the new asset's row) in
 * one statement, itself a transaction: or nothing and undefined when another submission with the
 * same uniqueId got there first (the unique key decides, so two resends racing each other still
 * make one asset, and the loser writes no answers and no record).
 */
export async function insertSubmission(
  db: Executor,
  values: NewSubmissionRow & { id: string },
  answerRows: StoredAnswerRow[],
  record: (from: SQL) => SQL,
): Promise<SubmissionRow | undefined> {
  const asset = db
    .insert(assets)
    .values({ ...values, status: 'UPLOADED' })
    .onConflictDoNothing({ target: assets.uniqueId })
    .returning();
  const result = await db.execute(sql`
    with new_asset as (${asset.getSQL()}), new_answers as (
      insert into ${answers} (asset_id, question_id, option_id, value, value2)
      select new_asset.id, given.question_id, given.option_id, given.value, given.value2
      from new_asset, unnest(${answerColumns(answerRows)})
        with ordinality as given(question_id, option_id, value, value2, n)
      order by given.n
    ), recorded as (${record(sql`new_asset`)})
    select id, unique_id, survey_id, dataset_id, status, date, user_id from new_asset`);
  const [row] = rowsOf<{
    id: string;
    unique_id: string;
    survey_id: number;
    dataset_id: number;
    status: string;
    date: string | Date;
    user_id: number | null;
  }>(result);
  return (
    row && {
      id: row.id,
      uniqueId: row.unique_id,
      surveyId: row.survey_id,
      datasetId: row.dataset_id,
      status: row.status,
      date: new Date(row.date),
      userId: row.user_id,
    }
  );
}

/**
 * New UPLOADED assets with the ids given, their answers and their audit records (`records`) as one
 * statement, built now and run by the function returned: the assets' rows go as one JSON parameter,
 * which the database reads into their columns (building thousands of parameters took longer than
 * the database's insert), the answers as arrays.
 */
export function assetsWithAnswersInsert(
  values: (NewSubmissionRow & { id: string })[],
  answerRows: NewAnswerRow[],
  records: SQL,
): (db: Executor) => Promise<void> {
  const columns = getTableColumns(assets);
  const named = Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, column.name]));
  const given = [...new Set(values.flatMap((row) => Object.keys(row))), 'status'].map((key) =>
    sql.identifier(named[key]!),
  );
  const rows = JSON.stringify(
    values.map((row) =>
      Object.fromEntries([...Object.entries(row), ['status', 'UPLOADED']].map(([key, value]) => [named[key], value])),
    ),
  );
  const list = sql.join(given, sql`, `);
  const statement = sql`
    with new_assets as (
      insert into ${assets} (${list})
      select ${list} from jsonb_populate_recordset(null::${assets}, ${rows}::jsonb)
    ), new_answers as (${answersInsert(answerRows)}), recorded as (${records})
    select`;
  // Started at once (a query of Drizzle runs when awaited), so the caller may build more meanwhile.
  return (db) => db.execute(statement).then(() => undefined);
}

/**
 * Answers, stored in the order given: one statement of five array parameters however many rows,
 * which the database parses once, rather than five parameters a row.
 */
export async function insertAnswers(db: Executor, rows: NewAnswerRow[]): Promise<void> {
  if (rows.length > 0) await db.execute(answersInsert(rows));
}

function answersInsert(rows: NewAnswerRow[]): SQL {
  const assetIds = sql.param(rows.map((row) => row.assetId));
  return sql`
    insert into ${answers} (asset_id, question_id, option_id, value, value2)
    select given.asset_id, given.question_id, given.option_id, given.value, given.value2
    from unnest(${assetIds}::uuid[], ${answerColumns(rows)})
      with ordinality as given(asset_id, question_id, option_id, value, value2, n)
    order by given.n`;
}

/** The answer rows' columns as arrays, one parameter each, for unnest: question, option, value, value2. */
function answerColumns(rows: StoredAnswerRow[]) {
  const column = (pick: (row: StoredAnswerRow) => unknown, type: string) =>
    sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`;
  return sql.join(
    [
      column((row) => row.questionId, 'integer'),
      column((row) => row.optionId, 'integer'),
      column((row) => row.value, 'text'),
      column((row) => row.value2, 'text'),
    ],
    sql`, `,
  );
}
