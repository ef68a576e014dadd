CREATE TABLE "sharing_policies" (
	"account_id" text PRIMARY KEY NOT NULL,
	"links_allowed" boolean DEFAULT true NOT NULL,
	"password_required" boolean DEFAULT false NOT NULL,
	"max_expiry_days" integer,
	"allowed_email_domains" text[] DEFAULT '{}' NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
