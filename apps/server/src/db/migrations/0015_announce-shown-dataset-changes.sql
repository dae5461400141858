-- What assets show of their dataset is its name, and whether it is active (the public sees the
-- assets of active datasets only). An update of datasets that changes either also announces
-- 'shown:<id>' (besides 'dataset:<id>'), so that kept reads of assets (db/read-cache.ts) hear that
-- and not every edit of a description or a colour, which the back office makes often.
-- Inserting or deleting a dataset changes no asset's read: a dataset with assets cannot be deleted.
CREATE FUNCTION "datasets_announce_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  changed := ARRAY(
    SELECT DISTINCT 'dataset:' || n."id"
      || CASE WHEN (o."name", o."is_active") IS DISTINCT FROM (n."name", n."is_active") THEN ' shown:' || n."id" ELSE '' END
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
--> statement-breakpoint
DROP TRIGGER "announce_updates" ON "datasets";--> statement-breakpoint
CREATE TRIGGER "announce_updates" AFTER UPDATE ON "datasets"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "datasets_announce_updates"();
