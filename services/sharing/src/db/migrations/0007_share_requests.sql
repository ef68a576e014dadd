CREATE TABLE "share_requests" (
	"user_id" text NOT NULL,
	"request_id" text NOT NULL,
	"share_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_requests_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "share_requests" ADD CONSTRAINT "share_requests_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_requests_time_idx" ON "share_requests" USING btree ("created_at");