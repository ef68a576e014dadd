ALTER TABLE "uploads" ADD COLUMN "multipart_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "part_size" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "last_modified" bigint;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");