CREATE TABLE "file_request_uploads" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" text NOT NULL,
	"created_by_user_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"folder_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"max_bytes" bigint,
	"upload_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sharing_policies" (
	"account_id" text PRIMARY KEY NOT NULL,
	"links_allowed" boolean DEFAULT true NOT NULL,
	"password_required" boolean DEFAULT false NOT NULL,
	"max_expiry_days" integer,
	"allowed_email_domains" text[] DEFAULT '{}' NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_request_uploads" ADD CONSTRAINT "file_request_uploads_request_id_file_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."file_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_request_uploads_request_idx" ON "file_request_uploads" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_requests_token_hash_idx" ON "file_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "file_requests_creator_idx" ON "file_requests" USING btree ("created_by_user_id");