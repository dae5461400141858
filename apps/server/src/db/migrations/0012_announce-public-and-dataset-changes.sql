-- Kept reads (db/read-cache.ts) of what the public sees of a dataset are read anew only when that
-- changes: a change to an asset that is, or was, approved, and any change to answers or media,
-- announces 'public:<dataset>' besides 'dataset:<dataset> asset:<id>', so an administrator's review
-- or edit of assets awaiting review leaves the public's pages, filters and map of that dataset kept. And datasets and their asset counts announce
-- which datasets changed ('datasets dataset:<id>', 'asset_counts dataset:<id> public:<id>'; more
-- than 50 the whole table) instead of the whole table, so editing one dataset's description or
-- reviewing its assets keeps what was read of the others.
--
-- 'dataset:<d> asset:<id>', and ' public:<d>' when the public sees (or saw) the asset.
CREATE FUNCTION "asset_parts"("dataset_id" integer, "asset_id" uuid, "public" boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'dataset:' || "dataset_id" || CASE WHEN "public" THEN ' public:' || "dataset_id" ELSE '' END
    || ' asset:' || "asset_id"
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "assets_announce_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changed', 'assets');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT DISTINCT "asset_parts"("dataset_id", "id", "status" = 'APPROVED') FROM "new_rows" LIMIT 51));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT DISTINCT "asset_parts"("dataset_id", "id", "status" = 'APPROVED') FROM "old_rows" LIMIT 51));
  ELSE
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
-- Answers and media: the assets they belong to, always as public. The asset's status as this
-- transaction sees it could be overtaken by an approval committing meanwhile in another one (adding
-- a photo does not wait for it), and the public's pages would keep the asset without its photo.
CREATE OR REPLACE FUNCTION "asset_parts_announce_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changed', 'assets');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT "asset_parts"(a."dataset_id", a."id", true) FROM "assets" a
      WHERE a."id" IN (SELECT DISTINCT "asset_id" FROM "new_rows" LIMIT 51)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT "asset_parts"(a."dataset_id", a."id", true) FROM "assets" a
      WHERE a."id" IN (SELECT DISTINCT "asset_id" FROM "old_rows" LIMIT 51)));
  ELSE
    PERFORM "announce_asset_changes"(ARRAY(
      SELECT "asset_parts"(a."dataset_id", a."id", true) FROM "assets" a
      WHERE a."id" IN (
        SELECT "asset_id" FROM "old_rows" UNION SELECT "asset_id" FROM "new_rows" LIMIT 51)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- 'dataset:<d>' of a row whose column TG_ARGV[0] holds the dataset, and ' public:<d>' when the row
-- has a status and it is APPROVED (asset_counts: the public's counts are those of approved assets).
CREATE FUNCTION "dataset_parts"("row" jsonb, "dataset_column" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'dataset:' || ("row" ->> "dataset_column")
    || CASE WHEN "row" ->> 'status' = 'APPROVED' THEN ' public:' || ("row" ->> "dataset_column") ELSE '' END
$$;
--> statement-breakpoint
CREATE FUNCTION "announce_dataset_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT DISTINCT "dataset_parts"(to_jsonb(r), TG_ARGV[0]) FROM "old_rows" r LIMIT 51);
  ELSE
    changed := ARRAY(SELECT DISTINCT "dataset_parts"(to_jsonb(r), TG_ARGV[0]) FROM "new_rows" r LIMIT 51);
  END IF;
  -- A statement that changed no row announces nothing (as in 0009), more than 50 the whole table.
  IF cardinality(changed) > 50 THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  ELSIF cardinality(changed) > 0 THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME || ' ' || array_to_string(changed, ' '));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE PROCEDURE "announce_dataset_changes_of"(target regclass, dataset_column text) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER "announce_inserts" ON %s', target);
  EXECUTE format('DROP TRIGGER "announce_updates" ON %s', target);
  EXECUTE format('DROP TRIGGER "announce_deletes" ON %s', target);
  EXECUTE format('DROP TRIGGER "announce_truncates" ON %s', target);
  EXECUTE format('CREATE TRIGGER "announce_inserts" AFTER INSERT ON %s REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_dataset_changes"(%L)', target, dataset_column);
  EXECUTE format('CREATE TRIGGER "announce_updates" AFTER UPDATE ON %s REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_dataset_changes"(%L)', target, dataset_column);
  EXECUTE format('CREATE TRIGGER "announce_deletes" AFTER DELETE ON %s REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_dataset_changes"(%L)', target, dataset_column);
  EXECUTE format('CREATE TRIGGER "announce_truncates" AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION "announce_dataset_changes"(%L)', target, dataset_column);
END;
$$;
--> statement-breakpoint
CALL "announce_dataset_changes_of"('"datasets"', 'id');--> statement-breakpoint
CALL "announce_dataset_changes_of"('"asset_counts"', 'dataset_id');--> statement-breakpoint
DROP PROCEDURE "announce_dataset_changes_of"(regclass, text);
