CREATE TABLE "address_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "address_tokens_email_idx" ON "address_tokens" USING btree ("email");