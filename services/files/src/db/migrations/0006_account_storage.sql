CREATE TABLE "account_storage" (
	"account_id" text PRIMARY KEY NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- No file changes between the count and the triggers (a replica still on the old code, during a rolling update).
LOCK TABLE "files" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Every account's bytes as they are now (files and folders alike: a folder's size is 0).
INSERT INTO "account_storage" ("account_id", "stored_bytes")
  SELECT "account_id", sum("size") FROM "files" GROUP BY "account_id";
--> statement-breakpoint
-- Kept in the statement that changes files, whatever changes them (an upload, a delete, the trash purge,
-- a person moved to another account or erased): the bytes each statement adds or takes, per account,
-- applied in account order (two statements touching the same accounts lock them in the same order).
CREATE FUNCTION "account_storage_follows_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "account_storage" AS s ("account_id", "stored_bytes")
      SELECT "account_id", sum("size") FROM new_rows GROUP BY "account_id" HAVING sum("size") <> 0 ORDER BY "account_id"
      ON CONFLICT ("account_id") DO UPDATE SET "stored_bytes" = s."stored_bytes" + excluded."stored_bytes";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "account_storage" AS s ("account_id", "stored_bytes")
      SELECT "account_id", -sum("size") FROM old_rows GROUP BY "account_id" HAVING sum("size") <> 0 ORDER BY "account_id"
      ON CONFLICT ("account_id") DO UPDATE SET "stored_bytes" = s."stored_bytes" + excluded."stored_bytes";
  ELSE
    INSERT INTO "account_storage" AS s ("account_id", "stored_bytes")
      SELECT "account_id", sum("delta") FROM (
        SELECT "account_id", "size" AS "delta" FROM new_rows
        UNION ALL
        SELECT "account_id", -"size" FROM old_rows
      ) AS changes GROUP BY "account_id" HAVING sum("delta") <> 0 ORDER BY "account_id"
      ON CONFLICT ("account_id") DO UPDATE SET "stored_bytes" = s."stored_bytes" + excluded."stored_bytes";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "files_added_storage" AFTER INSERT ON "files" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "account_storage_follows_files"();
--> statement-breakpoint
CREATE TRIGGER "files_removed_storage" AFTER DELETE ON "files" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "account_storage_follows_files"();
--> statement-breakpoint
-- Most updates (a view's time, a rename, a move to the trash) change no account's bytes: nothing is written then.
-- (PostgreSQL allows no column list on a trigger with transition tables.)
CREATE TRIGGER "files_changed_storage" AFTER UPDATE ON "files" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "account_storage_follows_files"();
