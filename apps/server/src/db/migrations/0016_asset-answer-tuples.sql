-- asset_answer_tuples: each asset's answers as [question id, option id, value, value2] in answer
-- order, read with the asset by its detail and by an export's batches. Gathering them anew for each
-- asset was half of the database's time for exports.
CREATE TABLE "asset_answer_tuples" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"tuples" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_answer_tuples" ADD CONSTRAINT "asset_answer_tuples_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Migration 0003's trigger on answers calls refresh_asset_option_ids for the assets a statement
-- changed. That function keeps its body under a name that says what it refreshes, and the name the
-- trigger calls now refreshes the answers' tuples too.
ALTER FUNCTION "refresh_asset_option_ids"(uuid[]) RENAME TO "refresh_chosen_options";--> statement-breakpoint
CREATE FUNCTION "refresh_answer_tuples"("changed" uuid[]) RETURNS void LANGUAGE sql AS $$
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
CREATE FUNCTION "refresh_asset_option_ids"("changed" uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT "refresh_chosen_options"("changed");
  SELECT "refresh_answer_tuples"("changed");
$$;
--> statement-breakpoint
-- The answers already stored.
SELECT "refresh_answer_tuples"(ARRAY(SELECT DISTINCT "asset_id" FROM "answers"));
