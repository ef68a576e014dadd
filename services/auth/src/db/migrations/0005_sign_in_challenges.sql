CREATE TABLE "sign_in_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"bits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");