ALTER TABLE "files" ADD COLUMN "thumbnail_of" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumbnail_path" text;