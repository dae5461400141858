-- asset_answer_tuples: each asset's answers as [question id, option id, value, value2] in answer
-- order, read with the asset by its detail and by an export's batches. Gathering them anew for each
-- asset was half of the database's time for exports.
CREATE TABLE "asset_answer_tuples" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"tuples" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_answer_tuples" ADD CONSTRAINT "asset_answer_tuples_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The trigger of migration 0003 on answers calls this function for the assets a statement changed;
-- it now also keeps their answers (it keeps its first name, from when it kept only option_ids).
CREATE OR REPLACE FUNCTION "refresh_asset_option_ids"("changed" uuid[]) RETURNS void LANGUAGE sql AS $$
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
$$;
--> statement-breakpoint
-- The answers already stored.
INSERT INTO "asset_answer_tuples" ("asset_id", "tuples")
SELECT "asset_id", json_agg(json_build_array("question_id", "option_id", "value", "value2") ORDER BY "id")
FROM "answers"
GROUP BY "asset_id";
