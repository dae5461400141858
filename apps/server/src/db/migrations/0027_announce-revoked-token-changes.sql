-- Servers keep whether a token was signed out in memory (isTokenRevoked in modules/auth/auth.repo.ts)
-- until revoked_tokens changes: every sign-out, and every purge of expired revocations, announces
-- it as 0009 announces the tables it names.
CREATE TRIGGER "announce_inserts" AFTER INSERT ON "revoked_tokens"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_updates" AFTER UPDATE ON "revoked_tokens"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_deletes" AFTER DELETE ON "revoked_tokens"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncates" AFTER TRUNCATE ON "revoked_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
