CREATE INDEX "files_folder_created_idx" ON "files" USING btree ("user_id","folder","created_at","id") WHERE "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_folder_name_idx" ON "files" USING btree ("user_id","folder",lower("name"),"id") WHERE "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_folder_size_idx" ON "files" USING btree ("user_id","folder","size","id") WHERE "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_trash_idx" ON "files" USING btree ("user_id","deleted_at","id") WHERE "files"."deleted_at" is not null;