CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"button_text" text,
	"url" text,
	"starts" timestamp with time zone,
	"expires" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notices_starts_expires_idx" ON "notices" USING btree ("starts","expires");