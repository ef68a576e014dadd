CREATE TABLE "used_trials" (
	"person_key" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Trials started before this migration: known by their owner's user id (billing never kept the address).
INSERT INTO "used_trials" ("person_key", "account_id", "started_at")
SELECT 'user:' || "owner_id", "account_id", "trial_started_at" FROM "subscriptions"
WHERE "trial_started_at" IS NOT NULL AND "owner_id" IS NOT NULL
ON CONFLICT DO NOTHING;
