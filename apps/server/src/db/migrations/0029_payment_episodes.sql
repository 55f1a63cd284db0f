CREATE TABLE "payment_episodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"reason" text,
	"reason_at" timestamp with time zone,
	"amount" integer NOT NULL,
	"monthly_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"grace_until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"told_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"link_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_episodes" ADD CONSTRAINT "payment_episodes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_episodes" ADD CONSTRAINT "payment_episodes_link_id_reset_flows_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."reset_flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_episodes_payment_key" ON "payment_episodes" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_episodes_contact_idx" ON "payment_episodes" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "payment_episodes_status_idx" ON "payment_episodes" USING btree ("status");