CREATE TABLE "sign_in_policies" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint

-- Sessions made before this: each row was issued (or renewed) when it was made, and its family began with the row of the family's id.
UPDATE "sessions" AS s SET "last_used_at" = s."created_at", "signed_in_at" = COALESCE((SELECT f."created_at" FROM "sessions" AS f WHERE f."id" = s."family_id"), s."created_at");
