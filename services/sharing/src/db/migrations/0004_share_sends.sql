CREATE TABLE "share_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shared_by_user_id" text NOT NULL,
	"shared_with_email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "share_sends_sharer_time_idx" ON "share_sends" USING btree ("shared_by_user_id","sent_at");