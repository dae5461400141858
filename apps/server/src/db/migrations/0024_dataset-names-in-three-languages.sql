ALTER TABLE "datasets" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "datasets" ADD COLUMN "name_sr" text;--> statement-breakpoint
-- Assets show their dataset's name in three languages now: a change of any of them announces
-- 'shown:<id>' (as the name and activity do since 0015), so kept reads of assets hear it.
CREATE OR REPLACE FUNCTION "datasets_announce_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  changed := ARRAY(
    SELECT DISTINCT 'dataset:' || n."id"
      || CASE WHEN (o."name", o."name_en", o."name_sr", o."is_active")
                   IS DISTINCT FROM (n."name", n."name_en", n."name_sr", n."is_active")
              THEN ' shown:' || n."id" ELSE '' END
    FROM "old_rows" o
    JOIN "new_rows" n ON n."id" = o."id"
    LIMIT 51);
  -- As announce_dataset_changes (0012): nothing for no row, more than 50 the whole table.
  IF cardinality(changed) > 50 THEN
    PERFORM pg_notify('table_changed', 'datasets');
  ELSIF cardinality(changed) > 0 THEN
    PERFORM pg_notify('table_changed', 'datasets ' || array_to_string(changed, ' '));
  END IF;
  RETURN NULL;
END;
$$;
