CREATE TABLE "asset_count_changes" (
	"dataset_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"status" text NOT NULL,
	"change" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_counts" RENAME TO "asset_count_totals";--> statement-breakpoint
ALTER TABLE "answers" DROP CONSTRAINT "answers_question_id_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "answers" DROP CONSTRAINT "answers_option_id_question_options_id_fk";
--> statement-breakpoint
ALTER TABLE "asset_count_totals" DROP CONSTRAINT "asset_counts_dataset_id_datasets_id_fk";
--> statement-breakpoint
ALTER TABLE "asset_count_totals" DROP CONSTRAINT "asset_counts_survey_id_surveys_id_fk";
--> statement-breakpoint
ALTER TABLE "asset_count_totals" DROP CONSTRAINT "asset_counts_dataset_id_survey_id_status_pk";--> statement-breakpoint
ALTER TABLE "asset_count_totals" ADD CONSTRAINT "asset_count_totals_dataset_id_survey_id_status_pk" PRIMARY KEY("dataset_id","survey_id","status");--> statement-breakpoint
ALTER TABLE "asset_count_totals" ADD CONSTRAINT "asset_count_totals_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_count_totals" ADD CONSTRAINT "asset_count_totals_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE VIEW "public"."asset_counts" AS (select "dataset_id", "survey_id", "status", sum("count")::integer as "count" from (select "dataset_id", "survey_id", "status", "count" from "asset_count_totals" union all select "dataset_id", "survey_id", "status", "change" from "asset_count_changes") as "both" group by "dataset_id", "survey_id", "status");--> statement-breakpoint
-- Counts without a row every writer locks (DESIGN §8). Migration 0003's trigger upserted the one
-- asset_counts row of (dataset, survey, status), which stayed locked until the writer committed, so
-- concurrent submissions into one dataset waited on each other. Each statement now appends its
-- changes to asset_count_changes, which no one updates; servers fold them into asset_count_totals
-- in the background (assets/asset-count-folding.ts), and the asset_counts view adds both.
CREATE OR REPLACE FUNCTION "assets_update_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "asset_count_changes" ("dataset_id", "survey_id", "status", "change")
    SELECT "dataset_id", "survey_id", "status", count(*) FROM "new_assets" GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "asset_count_changes" ("dataset_id", "survey_id", "status", "change")
    SELECT "dataset_id", "survey_id", "status", -count(*) FROM "old_assets" GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO "asset_count_changes" ("dataset_id", "survey_id", "status", "change")
    SELECT "dataset_id", "survey_id", "status", sum("delta") FROM (
      SELECT "dataset_id", "survey_id", "status", 1 AS "delta" FROM "new_assets"
      UNION ALL
      SELECT "dataset_id", "survey_id", "status", -1 FROM "old_assets"
    ) moved
    GROUP BY 1, 2, 3 HAVING sum("delta") <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Readers of the counts hear appended changes ('asset_count_changes dataset:<d> public:<d>', as
-- 0012 announced asset_counts); folding changes no count, so the totals announce nothing.
DROP TRIGGER "announce_inserts" ON "asset_count_totals";--> statement-breakpoint
DROP TRIGGER "announce_updates" ON "asset_count_totals";--> statement-breakpoint
DROP TRIGGER "announce_deletes" ON "asset_count_totals";--> statement-breakpoint
DROP TRIGGER "announce_truncates" ON "asset_count_totals";--> statement-breakpoint
CREATE TRIGGER "announce_inserts" AFTER INSERT ON "asset_count_changes"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_dataset_changes"('dataset_id');
--> statement-breakpoint
-- assets.option_ids: a writer that makes an asset with its answers (a submission, an import) gives
-- the options they chose, so the refresh after its answers only checks them and rewrites the
-- asset's row (and its index entries, and the triggers of an update) only where they differ. In
-- PL/pgSQL, whose statements keep their plans, where a SQL function's are planned at every call.
CREATE OR REPLACE FUNCTION "refresh_chosen_options"("changed" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Both sides named by id: the plan kept for every call reads the changed assets by their key,
  -- whatever it estimates of the array (a join on it alone was planned as a scan of all assets).
  UPDATE "assets" a SET "option_ids" = refreshed."option_ids"
  FROM (
    SELECT changed_asset."id", coalesce((
      SELECT array_agg(DISTINCT chosen."id" ORDER BY chosen."id")
      FROM (
        SELECT an."option_id" AS "id" FROM "answers" an
        WHERE an."asset_id" = changed_asset."id" AND an."option_id" IS NOT NULL
        UNION
        SELECT o."id" FROM "answers" an
        JOIN "questions" q ON q."id" = an."question_id"
        JOIN "question_options" o ON o."question_id" = coalesce(q."options_source_question_id", q."id") AND o."value" = an."value"
        WHERE an."asset_id" = changed_asset."id" AND an."option_id" IS NULL
      ) chosen
    ), '{}') AS "option_ids"
    FROM "assets" changed_asset
    WHERE changed_asset."id" = ANY("changed")
  ) refreshed
  WHERE a."id" = ANY("changed") AND a."id" = refreshed."id" AND a."option_ids" IS DISTINCT FROM refreshed."option_ids";
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_answer_tuples"("changed" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "asset_answer_tuples" t
  WHERE t."asset_id" = ANY("changed") AND NOT EXISTS (SELECT FROM "answers" an WHERE an."asset_id" = t."asset_id");

  -- In key order, so concurrent writers lock the rows in the same order.
  INSERT INTO "asset_answer_tuples" ("asset_id", "tuples")
  SELECT an."asset_id", json_agg(json_build_array(an."question_id", an."option_id", an."value", an."value2") ORDER BY an."id")
  FROM "answers" an
  WHERE an."asset_id" = ANY("changed")
  GROUP BY an."asset_id"
  ORDER BY an."asset_id"
  ON CONFLICT ("asset_id") DO UPDATE SET "tuples" = excluded."tuples";
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_asset_option_ids"("changed" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_chosen_options"("changed");
  PERFORM "refresh_answer_tuples"("changed");
END;
$$;
--> statement-breakpoint
-- Migration 0003's trigger on answers, restated whole. An insert whose rows are all an asset's
-- answers (a submission, an import: the asset had none, so it had no tuples row) derives from its
-- own rows: the tuples are written once, and option_ids, which such a writer gives with the asset,
-- only checked. Every other change refreshes the assets from the answers table as before.
CREATE OR REPLACE FUNCTION "answers_refresh_asset_option_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  firsts uuid[];
  others uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "refresh_asset_option_ids"(ARRAY(SELECT DISTINCT "asset_id" FROM "old_answers"));
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "refresh_asset_option_ids"(ARRAY(SELECT "asset_id" FROM "old_answers" UNION SELECT "asset_id" FROM "new_answers"));
    RETURN NULL;
  END IF;

  -- An asset has a tuples row exactly when it has answers: a row written here is its first.
  WITH "written" AS (
    INSERT INTO "asset_answer_tuples" ("asset_id", "tuples")
    SELECT n."asset_id", json_agg(json_build_array(n."question_id", n."option_id", n."value", n."value2") ORDER BY n."id")
    FROM "new_answers" n
    GROUP BY n."asset_id"
    ORDER BY n."asset_id"
    ON CONFLICT ("asset_id") DO NOTHING
    RETURNING "asset_id"
  )
  SELECT coalesce(array_agg("asset_id"), '{}') INTO firsts FROM "written";

  UPDATE "assets" a SET "option_ids" = chosen."option_ids"
  FROM (
    SELECT n."asset_id", coalesce(array_agg(DISTINCT c."id" ORDER BY c."id") FILTER (WHERE c."id" IS NOT NULL), '{}') AS "option_ids"
    FROM "new_answers" n
    -- An answer without an option id counts as its question's option with its value (as 0003).
    LEFT JOIN LATERAL (
      SELECT o."id" FROM "questions" q
      JOIN "question_options" o ON o."question_id" = coalesce(q."options_source_question_id", q."id") AND o."value" = n."value"
      WHERE n."option_id" IS NULL AND q."id" = n."question_id"
      OFFSET 0
    ) valued ON true
    CROSS JOIN LATERAL (VALUES (coalesce(n."option_id", valued."id"))) AS c("id")
    WHERE n."asset_id" = ANY(firsts)
    GROUP BY n."asset_id"
  ) chosen
  WHERE a."id" = ANY(firsts) AND a."id" = chosen."asset_id" AND a."option_ids" IS DISTINCT FROM chosen."option_ids";

  others := ARRAY(SELECT DISTINCT "asset_id" FROM "new_answers" WHERE "asset_id" <> ALL(firsts));
  IF cardinality(others) > 0 THEN
    PERFORM "refresh_asset_option_ids"(others);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- As 0012's, with two changes for the write path. New assets the public does not see announce
-- their datasets, not each asset: nobody can have read an asset before it existed, and a bulk
-- import of thousands announced the whole table (more than 50), which made every server forget
-- every dataset's public pages while it ran. (A new approved asset is still named: the public's
-- option index adds it by name.) And an update that changed no row returns at once: the refresh
-- of option_ids after answers runs one that changes none when the writer gave them.
CREATE OR REPLACE FUNCTION "assets_announce_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changed', 'assets');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT DISTINCT CASE WHEN "status" = 'APPROVED' THEN "asset_parts"("dataset_id", "id", true) ELSE 'dataset:' || "dataset_id" END
      FROM "new_rows" LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT DISTINCT "asset_parts"("dataset_id", "id", "status" = 'APPROVED') FROM "old_rows" LIMIT 51));
  ELSIF EXISTS (SELECT FROM "new_rows") THEN
    -- Planned anew for every statement (EXECUTE): PL/pgSQL keeps a statement's first plan, and one
    -- made for a few changed rows pairs thousands of old and new rows one by one (12 s for 5,000).
    EXECUTE $query$
      SELECT ARRAY(
        SELECT DISTINCT "asset_parts"(ds."dataset_id", o."id", 'APPROVED' IN (o."status", n."status"))
        FROM "old_rows" o
        JOIN "new_rows" n ON n."id" = o."id"
        CROSS JOIN LATERAL (VALUES (o."dataset_id"), (n."dataset_id")) AS ds("dataset_id")
        -- The old row with the new view count: the same as the new row when only views changed.
        WHERE jsonb_populate_record(o, jsonb_build_object('view_count', n."view_count")) IS DISTINCT FROM n
        LIMIT 51)
    $query$ INTO changed;
    PERFORM "announce_asset_changes"(changed);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- As 0012's, but the answers and media of an unapproved asset made in this very transaction
-- announce its dataset only, as its insert did: no approval can have overtaken an asset nobody else
-- can see yet (0012 announces every other asset's parts as public for that race). A submission's
-- answers then announce what its asset did, and PostgreSQL sends the two as one.
CREATE OR REPLACE FUNCTION "asset_parts_announce_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changed', 'assets');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT DISTINCT "asset_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT DISTINCT "asset_id" FROM "old_rows");
  ELSE
    changed := ARRAY(SELECT "asset_id" FROM "old_rows" UNION SELECT "asset_id" FROM "new_rows");
  END IF;
  PERFORM "announce_asset_changes"(ARRAY(
    SELECT DISTINCT CASE WHEN a."xmin" = pg_current_xact_id()::xid AND a."status" <> 'APPROVED' THEN 'dataset:' || a."dataset_id"
      ELSE "asset_parts"(a."dataset_id", a."id", true) END
    FROM "assets" a
    WHERE a."id" = ANY(changed)
    LIMIT 51));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- answers.question_id and answers.option_id as references kept by triggers instead of foreign keys.
-- A key's check locks the referenced row (FOR KEY SHARE) for every answer: every submission to a
-- survey locked the same few hundred question and option rows, and concurrent lockers of one row
-- share it through a multixact each must extend, so submissions waited on each other there. One
-- check per statement reads them without locking; a deletion of questions or options instead locks
-- the answers against writers (SHARE ROW EXCLUSIVE: also against another deletion) until it
-- commits, so an answer written meanwhile either is there to be deleted or finds its question gone.
CREATE FUNCTION "answers_check_references"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing record;
BEGIN
  SELECT n."question_id", n."option_id",
         NOT EXISTS (SELECT FROM "questions" q WHERE q."id" = n."question_id") AS "no_question"
  INTO missing
  FROM "new_rows" n
  WHERE NOT EXISTS (SELECT FROM "questions" q WHERE q."id" = n."question_id")
     OR (n."option_id" IS NOT NULL AND NOT EXISTS (SELECT FROM "question_options" o WHERE o."id" = n."option_id"))
  LIMIT 1;
  IF FOUND THEN
    RAISE foreign_key_violation USING MESSAGE = CASE WHEN missing."no_question"
      THEN format('answers: question %s does not exist', missing."question_id")
      ELSE format('answers: option %s does not exist', missing."option_id") END;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "answers_inserted_check_references" AFTER INSERT ON "answers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "answers_check_references"();
--> statement-breakpoint
CREATE TRIGGER "answers_updated_check_references" AFTER UPDATE ON "answers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "answers_check_references"();
--> statement-breakpoint
CREATE FUNCTION "lock_answers_against_writers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "answers" IN SHARE ROW EXCLUSIVE MODE;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "questions_delete_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "answers" WHERE "question_id" IN (SELECT "id" FROM "old_rows");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Answers of a question deleted with its options go with the question (questions_delete_answers).
CREATE FUNCTION "question_options_clear_answers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "answers" an SET "option_id" = NULL
  WHERE an."option_id" IN (SELECT "id" FROM "old_rows")
    AND EXISTS (SELECT FROM "questions" q WHERE q."id" = an."question_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "questions_deleting_lock_answers" BEFORE DELETE ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lock_answers_against_writers"();
--> statement-breakpoint
CREATE TRIGGER "questions_deleted_delete_answers" AFTER DELETE ON "questions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "questions_delete_answers"();
--> statement-breakpoint
CREATE TRIGGER "question_options_deleting_lock_answers" BEFORE DELETE ON "question_options"
  FOR EACH STATEMENT EXECUTE FUNCTION "lock_answers_against_writers"();
--> statement-breakpoint
CREATE TRIGGER "question_options_deleted_clear_answers" AFTER DELETE ON "question_options"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "question_options_clear_answers"();
