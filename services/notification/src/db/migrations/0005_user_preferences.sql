CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" jsonb NOT NULL,
	"general" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
