CREATE TABLE "segments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rule_group" jsonb NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
