ALTER TABLE "sso_domains" DROP CONSTRAINT "sso_domains_pkey";--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_account_id_domain_pk" PRIMARY KEY("account_id","domain");--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_idx" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" is not null;
-- data
-- The domains listed before verification existed stay listed but unverified (each gets its own random token from the
-- column's default): they sign in through single sign-on again once the account publishes its TXT record.
