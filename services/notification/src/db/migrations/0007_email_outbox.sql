ALTER TABLE "outbound_emails" ALTER COLUMN "attempts" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "outbound_emails" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbound_emails" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbound_emails_unsent_idx" ON "outbound_emails" USING btree ("created_at") WHERE "outbound_emails"."status" <> 'sent';