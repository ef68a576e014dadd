CREATE TABLE "access_revocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"membership_version" integer,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "access_revocations_until_idx" ON "access_revocations" USING btree ("until");