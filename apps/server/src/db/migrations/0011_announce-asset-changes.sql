-- Servers also keep reads of assets in memory (db/read-cache.ts): an asset's detail, a dataset's
-- pages and its map points. Every statement that changes assets, their answers or their media
-- announces on 'table_changed', when its transaction commits, which assets changed and in which
-- datasets ('assets dataset:3 asset:<id>', the old and the new dataset of a moved asset); one that
-- changes more than 50 assets announces the whole table ('assets'). A batch of views, which changes
-- nothing but view_count, announces nothing: reads that show view counts are kept for seconds only.
CREATE FUNCTION "announce_asset_changes"("changed" text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  one text;
BEGIN
  IF cardinality("changed") > 50 THEN
    PERFORM pg_notify('table_changed', 'assets');
  ELSE
    FOREACH one IN ARRAY "changed" LOOP
      PERFORM pg_notify('table_changed', 'assets ' || one);
    END LOOP;
  END IF;
END;
$$;
--> statement-breakpoint
-- 'dataset:<id> asset:<id>' of each asset; at most 51, which is enough to tell 'more than 50'.
CREATE FUNCTION "assets_announce_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changed', 'assets');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT DISTINCT 'dataset:' || "dataset_id" || ' asset:' || "id" FROM "new_rows" LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT DISTINCT 'dataset:' || "dataset_id" || ' asset:' || "id" FROM "old_rows" LIMIT 51));
  ELSE
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT DISTINCT 'dataset:' || ds."dataset_id" || ' asset:' || o."id"
      FROM "old_rows" o
      JOIN "new_rows" n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES (o."dataset_id"), (n."dataset_id")) AS ds("dataset_id")
      -- The old row with the new view count: the same as the new row when only views changed.
      WHERE jsonb_populate_record(o, jsonb_build_object('view_count', n."view_count")) IS DISTINCT FROM n
      LIMIT 51));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Answers and media: the assets they belong to (an asset deleted with them announced itself).
CREATE FUNCTION "asset_parts_announce_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changed', 'assets');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT 'dataset:' || a."dataset_id" || ' asset:' || a."id" FROM "assets" a
      WHERE a."id" IN (SELECT DISTINCT "asset_id" FROM "new_rows" LIMIT 51)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT 'dataset:' || a."dataset_id" || ' asset:' || a."id" FROM "assets" a
      WHERE a."id" IN (SELECT DISTINCT "asset_id" FROM "old_rows" LIMIT 51)));
  ELSE
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT 'dataset:' || a."dataset_id" || ' asset:' || a."id" FROM "assets" a
      WHERE a."id" IN (
        SELECT "asset_id" FROM "old_rows" UNION SELECT "asset_id" FROM "new_rows" LIMIT 51)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE PROCEDURE "announce_asset_changes_of"(target regclass, announcer text) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER "announce_inserts" AFTER INSERT ON %s REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', target, announcer);
  EXECUTE format('CREATE TRIGGER "announce_updates" AFTER UPDATE ON %s REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', target, announcer);
  EXECUTE format('CREATE TRIGGER "announce_deletes" AFTER DELETE ON %s REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', target, announcer);
  EXECUTE format('CREATE TRIGGER "announce_truncates" AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION %I()', target, announcer);
END;
$$;
--> statement-breakpoint
CALL "announce_asset_changes_of"('"assets"', 'assets_announce_changes');--> statement-breakpoint
CALL "announce_asset_changes_of"('"answers"', 'asset_parts_announce_changes');--> statement-breakpoint
CALL "announce_asset_changes_of"('"media"', 'asset_parts_announce_changes');--> statement-breakpoint
DROP PROCEDURE "announce_asset_changes_of"(regclass, text);
