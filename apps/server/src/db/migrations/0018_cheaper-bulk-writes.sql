DROP INDEX "answers_question_option_asset_idx";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "row_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "sample_rows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "answers_question_option_idx" ON "answers" USING btree ("question_id","option_id");--> statement-breakpoint
-- The imports already sent.
UPDATE "imports" SET "row_count" = jsonb_array_length("rows"), "sample_rows" = jsonb_path_query_array("rows", '$[0 to 4]');
