CREATE TABLE "file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"storage_path" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_added_by" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "replace" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_versions_file_idx" ON "file_versions" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "file_versions_created_idx" ON "file_versions" USING btree ("created_at");--> statement-breakpoint
-- data
-- A file's versions count toward its account's storage: the triggers that keep account_storage (0006) follow file_versions too.
CREATE TRIGGER "file_versions_added_storage" AFTER INSERT ON "file_versions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "account_storage_follows_files"();
--> statement-breakpoint
CREATE TRIGGER "file_versions_removed_storage" AFTER DELETE ON "file_versions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "account_storage_follows_files"();
--> statement-breakpoint
CREATE TRIGGER "file_versions_changed_storage" AFTER UPDATE ON "file_versions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "account_storage_follows_files"();
