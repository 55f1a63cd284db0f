CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_contact_id" uuid,
	"actor_api_key_id" text,
	"contact_id" uuid,
	"target" text,
	"count" integer,
	"ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "activity_contact_idx" ON "activity" USING btree ("contact_id","at");--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_contact_id","at");--> statement-breakpoint
CREATE INDEX "activity_kind_idx" ON "activity" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "activity_ids_idx" ON "activity" USING gin ("ids");