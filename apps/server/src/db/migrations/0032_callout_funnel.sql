CREATE TABLE "callout_funnel_counters" (
	"callout_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stage" text NOT NULL,
	"slide_id" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "callout_funnel_counters_callout_id_day_stage_slide_id_pk" PRIMARY KEY("callout_id","day","stage","slide_id")
);
--> statement-breakpoint
ALTER TABLE "callout_funnel_counters" ADD CONSTRAINT "callout_funnel_counters_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;