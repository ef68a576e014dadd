CREATE TABLE "share_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"share_id" uuid NOT NULL,
	"disposition" text NOT NULL,
	"client_ip" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_tickets" ADD CONSTRAINT "share_tickets_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_tickets_expiry_idx" ON "share_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "share_tickets_share_idx" ON "share_tickets" USING btree ("share_id");