CREATE TABLE "join_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"vat_number" text,
	"contribution" jsonb,
	"payment_flow_id" uuid,
	"login_url" text NOT NULL,
	"set_password_url" text NOT NULL,
	"confirm_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_flow_id" text NOT NULL,
	"purpose" text NOT NULL,
	"contact_id" uuid,
	"form" jsonb NOT NULL,
	"complete_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "mandate_id" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "next_amount" integer;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "payment_source" jsonb;--> statement-breakpoint
ALTER TABLE "join_flows" ADD CONSTRAINT "join_flows_payment_flow_id_payment_flows_id_fk" FOREIGN KEY ("payment_flow_id") REFERENCES "public"."payment_flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_flows" ADD CONSTRAINT "payment_flows_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_flows_email_idx" ON "join_flows" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_flows_provider_flow_key" ON "payment_flows" USING btree ("provider","provider_flow_id");