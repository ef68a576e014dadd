ALTER TABLE "link_tickets" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "kind" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "kind" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "level" text DEFAULT 'view' NOT NULL;