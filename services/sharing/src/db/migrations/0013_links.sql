CREATE TABLE "link_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"client_ip" text,
	"kind" text NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_password_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"disposition" text NOT NULL,
	"client_ip" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"created_by_user_id" text NOT NULL,
	"password_hash" text,
	"allowed_ips" text[],
	"expires_at" timestamp with time zone,
	"max_downloads" integer,
	"download_count" integer DEFAULT 0 NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"file_trashed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_accesses" ADD CONSTRAINT "link_accesses_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_password_failures" ADD CONSTRAINT "link_password_failures_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_tickets" ADD CONSTRAINT "link_tickets_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_accesses_link_order_idx" ON "link_accesses" USING btree ("link_id","accessed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "link_password_failures_link_time_idx" ON "link_password_failures" USING btree ("link_id","failed_at");--> statement-breakpoint
CREATE INDEX "link_tickets_expiry_idx" ON "link_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "links_token_hash_idx" ON "links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "links_file_idx" ON "links" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "links_creator_idx" ON "links" USING btree ("created_by_user_id");