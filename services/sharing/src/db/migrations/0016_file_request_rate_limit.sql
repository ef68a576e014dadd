CREATE TABLE "file_request_upload_starts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"client_ip" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_request_upload_starts" ADD CONSTRAINT "file_request_upload_starts_request_id_file_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."file_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_request_upload_starts_request_idx" ON "file_request_upload_starts" USING btree ("request_id","started_at");--> statement-breakpoint
CREATE INDEX "file_request_upload_starts_ip_idx" ON "file_request_upload_starts" USING btree ("client_ip","started_at");