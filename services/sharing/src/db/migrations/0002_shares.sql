CREATE TABLE "people" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"shared_by_user_id" text NOT NULL,
	"shared_with_email" text NOT NULL,
	"allowed_ips" text[],
	"expires_at" timestamp with time zone,
	"max_access_count" integer,
	"access_count" integer DEFAULT 0 NOT NULL,
	"file_trashed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_idx" ON "people" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_file_email_idx" ON "shares" USING btree ("file_id","shared_with_email");--> statement-breakpoint
CREATE INDEX "shares_email_idx" ON "shares" USING btree ("shared_with_email","created_at");--> statement-breakpoint
CREATE INDEX "shares_shared_by_idx" ON "shares" USING btree ("shared_by_user_id","created_at");