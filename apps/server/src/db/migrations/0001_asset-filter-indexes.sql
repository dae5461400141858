DROP INDEX "answers_question_option_idx";--> statement-breakpoint
DROP INDEX "assets_dataset_status_date_idx";--> statement-breakpoint
CREATE INDEX "answers_question_option_asset_idx" ON "answers" USING btree ("question_id","option_id","asset_id");--> statement-breakpoint
CREATE INDEX "assets_dataset_status_date_id_idx" ON "assets" USING btree ("dataset_id","status","date","id");--> statement-breakpoint
CREATE INDEX "assets_dataset_survey_status_idx" ON "assets" USING btree ("dataset_id","survey_id","status");