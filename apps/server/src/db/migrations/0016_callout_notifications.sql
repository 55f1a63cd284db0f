CREATE TABLE "callout_notification_recipients" (
	"callout_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"each_response" boolean DEFAULT false NOT NULL,
	"thresholds" boolean DEFAULT false NOT NULL,
	CONSTRAINT "callout_notification_recipients_callout_id_contact_id_pk" PRIMARY KEY("callout_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "callout_response_thresholds" (
	"callout_id" uuid NOT NULL,
	"threshold" integer NOT NULL,
	"reached_at" timestamp with time zone,
	CONSTRAINT "callout_response_thresholds_callout_id_threshold_pk" PRIMARY KEY("callout_id","threshold")
);
--> statement-breakpoint
ALTER TABLE "callout_notification_recipients" ADD CONSTRAINT "callout_notification_recipients_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_notification_recipients" ADD CONSTRAINT "callout_notification_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_response_thresholds" ADD CONSTRAINT "callout_response_thresholds_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;