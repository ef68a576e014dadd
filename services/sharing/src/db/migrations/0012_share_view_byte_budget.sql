ALTER TABLE "share_tickets" ADD COLUMN "byte_budget" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "share_tickets" ADD COLUMN "bytes_read" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Views already open when this runs get the budget a new one gets: the file once and a quarter (viewByteBudget).
UPDATE "share_tickets" SET "byte_budget" = "shares"."file_size" + ("shares"."file_size" + 3) / 4 FROM "shares" WHERE "shares"."id" = "share_tickets"."share_id" AND "share_tickets"."disposition" = 'inline';
