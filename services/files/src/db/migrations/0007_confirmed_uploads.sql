CREATE TABLE "confirmed_uploads" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "confirmed_uploads_expires_idx" ON "confirmed_uploads" USING btree ("expires_at");