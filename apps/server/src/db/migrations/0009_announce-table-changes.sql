-- Servers keep some reads in memory (db/read-cache.ts) until a table they depend on changes. Every
-- statement that changes rows of these tables, from any server instance, announces the table's name
-- on the channel 'table_changed' when its transaction commits (a statement that changed no row
-- announces nothing: the counts' upserts on every asset update often change none).
CREATE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  -- One branch per kind: each reads only the transition table its trigger has.
  IF TG_OP = 'TRUNCATE' THEN
    changed := true;
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT FROM "old_rows");
  ELSE
    changed := EXISTS (SELECT FROM "new_rows");
  END IF;
  IF changed THEN
    PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE PROCEDURE "announce_changes_of"(target regclass) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER "announce_inserts" AFTER INSERT ON %s REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"()', target);
  EXECUTE format('CREATE TRIGGER "announce_updates" AFTER UPDATE ON %s REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"()', target);
  EXECUTE format('CREATE TRIGGER "announce_deletes" AFTER DELETE ON %s REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"()', target);
  EXECUTE format('CREATE TRIGGER "announce_truncates" AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"()', target);
END;
$$;
--> statement-breakpoint
CALL "announce_changes_of"('"users"');--> statement-breakpoint
CALL "announce_changes_of"('"datasets"');--> statement-breakpoint
CALL "announce_changes_of"('"surveys"');--> statement-breakpoint
CALL "announce_changes_of"('"questions"');--> statement-breakpoint
CALL "announce_changes_of"('"question_options"');--> statement-breakpoint
CALL "announce_changes_of"('"asset_counts"');--> statement-breakpoint
DROP PROCEDURE "announce_changes_of"(regclass);
