DROP INDEX "shares_email_idx";--> statement-breakpoint
DROP INDEX "shares_shared_by_idx";--> statement-breakpoint
CREATE INDEX "shares_email_order_idx" ON "shares" USING btree ("shared_with_email","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shares_shared_by_order_idx" ON "shares" USING btree ("shared_by_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);