CREATE TABLE "account_plans" (
	"account_id" text PRIMARY KEY NOT NULL,
	"has_audit_logs" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text,
	"details" jsonb NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_logs_account_time_idx" ON "audit_logs" USING btree ("account_id","created_at","id");