CREATE TABLE "folder_access" (
	"folder_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"grantee" text NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "folder_access_folder_id_grantee_pk" PRIMARY KEY("folder_id","grantee")
);
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "added_by" text;--> statement-breakpoint
-- Every item there is today is in its person's My files, added by that person: the account owns it, and it stays
-- where it is (its bytes, its account and its space do not change).
UPDATE "files" SET "added_by" = "user_id";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "added_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "team_folder_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "folder_access_grantee_idx" ON "folder_access" USING btree ("grantee");--> statement-breakpoint
CREATE INDEX "files_team_created_idx" ON "files" USING btree ("folder","created_at","id") WHERE "files"."team_folder_id" is not null and "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_team_name_idx" ON "files" USING btree ("folder",lower("name"),"id") WHERE "files"."team_folder_id" is not null and "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_team_size_idx" ON "files" USING btree ("folder","size","id") WHERE "files"."team_folder_id" is not null and "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_team_folders_idx" ON "files" USING btree ("account_id",lower("name"),"id") WHERE "files"."team_folder_id" = "files"."id";--> statement-breakpoint
CREATE INDEX "files_team_tree_idx" ON "files" USING btree ("team_folder_id");