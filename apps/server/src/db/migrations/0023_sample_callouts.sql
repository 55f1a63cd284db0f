CREATE TABLE "sample_callouts" (
	"callout_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sample_callouts" ADD CONSTRAINT "sample_callouts_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;