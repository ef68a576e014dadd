ALTER TABLE "activity" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "team_folder_id" text;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "audience_everyone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "audience_user_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_team_time_idx" ON "activity" USING btree ("account_id","occurred_at") WHERE "activity"."team_folder_id" is not null;