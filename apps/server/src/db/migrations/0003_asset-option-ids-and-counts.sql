CREATE TABLE "asset_counts" (
	"dataset_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "asset_counts_dataset_id_survey_id_status_pk" PRIMARY KEY("dataset_id","survey_id","status")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "option_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_counts" ADD CONSTRAINT "asset_counts_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_counts" ADD CONSTRAINT "asset_counts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_dataset_date_id_idx" ON "assets" USING btree ("dataset_id","date","id");--> statement-breakpoint
CREATE INDEX "assets_dataset_status_name_idx" ON "assets" USING btree ("dataset_id","status",lower("name") nulls last,"date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "assets_option_ids_idx" ON "assets" USING gin ("option_ids");--> statement-breakpoint
-- assets.option_ids: the options an asset's answers chose. An answer stored without an option id
-- (an older or imported value) counts as the question's option with that value, own or borrowed.
CREATE FUNCTION "refresh_asset_option_ids"("changed" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "assets" SET "option_ids" = coalesce((
    SELECT array_agg(DISTINCT chosen.id ORDER BY chosen.id)
    FROM (
      SELECT an."option_id" AS id FROM "answers" an
      WHERE an."asset_id" = "assets"."id" AND an."option_id" IS NOT NULL
      UNION
      SELECT o."id" FROM "answers" an
      JOIN "questions" q ON q."id" = an."question_id"
      JOIN "question_options" o ON o."question_id" = coalesce(q."options_source_question_id", q."id") AND o."value" = an."value"
      WHERE an."asset_id" = "assets"."id" AND an."option_id" IS NULL
    ) chosen
  ), '{}')
  WHERE "id" = ANY("changed");
$$;
--> statement-breakpoint
-- Statement-level, so a batch of answers (a whole submission, an import) refreshes each asset once.
CREATE FUNCTION "answers_refresh_asset_option_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_asset_option_ids"(ARRAY(SELECT DISTINCT "asset_id" FROM "new_answers"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_asset_option_ids"(ARRAY(SELECT DISTINCT "asset_id" FROM "old_answers"));
  ELSE
    PERFORM "refresh_asset_option_ids"(ARRAY(SELECT "asset_id" FROM "old_answers" UNION SELECT "asset_id" FROM "new_answers"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "answers_inserted_refresh_option_ids" AFTER INSERT ON "answers"
  REFERENCING NEW TABLE AS "new_answers" FOR EACH STATEMENT EXECUTE FUNCTION "answers_refresh_asset_option_ids"();
--> statement-breakpoint
CREATE TRIGGER "answers_deleted_refresh_option_ids" AFTER DELETE ON "answers"
  REFERENCING OLD TABLE AS "old_answers" FOR EACH STATEMENT EXECUTE FUNCTION "answers_refresh_asset_option_ids"();
--> statement-breakpoint
CREATE TRIGGER "answers_updated_refresh_option_ids" AFTER UPDATE ON "answers"
  REFERENCING OLD TABLE AS "old_answers" NEW TABLE AS "new_answers" FOR EACH STATEMENT EXECUTE FUNCTION "answers_refresh_asset_option_ids"();
--> statement-breakpoint
-- asset_counts follows every insert, delete and move (dataset, survey or status) of assets. Rows
-- are upserted in key order, so concurrent writers lock them in the same order and never deadlock.
CREATE FUNCTION "assets_update_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "asset_counts" AS c ("dataset_id", "survey_id", "status", "count")
    SELECT "dataset_id", "survey_id", "status", count(*) FROM "new_assets"
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("dataset_id", "survey_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "asset_counts" AS c ("dataset_id", "survey_id", "status", "count")
    SELECT "dataset_id", "survey_id", "status", -count(*) FROM "old_assets"
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("dataset_id", "survey_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    INSERT INTO "asset_counts" AS c ("dataset_id", "survey_id", "status", "count")
    SELECT "dataset_id", "survey_id", "status", sum("delta") FROM (
      SELECT "dataset_id", "survey_id", "status", 1 AS "delta" FROM "new_assets"
      UNION ALL
      SELECT "dataset_id", "survey_id", "status", -1 FROM "old_assets"
    ) moved
    GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("dataset_id", "survey_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "assets_inserted_update_counts" AFTER INSERT ON "assets"
  REFERENCING NEW TABLE AS "new_assets" FOR EACH STATEMENT EXECUTE FUNCTION "assets_update_counts"();
--> statement-breakpoint
CREATE TRIGGER "assets_deleted_update_counts" AFTER DELETE ON "assets"
  REFERENCING OLD TABLE AS "old_assets" FOR EACH STATEMENT EXECUTE FUNCTION "assets_update_counts"();
--> statement-breakpoint
CREATE TRIGGER "assets_updated_update_counts" AFTER UPDATE ON "assets"
  REFERENCING OLD TABLE AS "old_assets" NEW TABLE AS "new_assets" FOR EACH STATEMENT EXECUTE FUNCTION "assets_update_counts"();
--> statement-breakpoint
-- The data already stored.
INSERT INTO "asset_counts" ("dataset_id", "survey_id", "status", "count")
SELECT "dataset_id", "survey_id", "status", count(*) FROM "assets" GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT "refresh_asset_option_ids"(ARRAY(SELECT "id" FROM "assets"));
