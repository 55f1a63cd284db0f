CREATE TABLE "callout_responses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"callout_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"contact_id" uuid,
	"guest_name" text,
	"guest_email" text,
	"answers" jsonb NOT NULL,
	"newsletter" jsonb,
	"bucket" text DEFAULT '' NOT NULL,
	"assignee_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callout_reviewers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"callout_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callout_variants" (
	"callout_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"intro" text NOT NULL,
	"thanks_title" text NOT NULL,
	"thanks_text" text NOT NULL,
	"thanks_redirect" text,
	"share_title" text,
	"share_description" text,
	"slide_navigation" jsonb NOT NULL,
	"component_text" jsonb NOT NULL,
	CONSTRAINT "callout_variants_callout_id_name_pk" PRIMARY KEY("callout_id","name")
);
--> statement-breakpoint
CREATE TABLE "callouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"starts" timestamp with time zone,
	"expires" timestamp with time zone,
	"allow_update" boolean DEFAULT false NOT NULL,
	"allow_multiple" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"access" text DEFAULT 'member' NOT NULL,
	"captcha" text DEFAULT 'none' NOT NULL,
	"channels" jsonb,
	"form_schema" jsonb NOT NULL,
	"newsletter_schema" jsonb,
	"response_view_schema" jsonb,
	"last_response_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"contact_id" uuid,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callout_responses" ADD CONSTRAINT "callout_responses_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_responses" ADD CONSTRAINT "callout_responses_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_responses" ADD CONSTRAINT "callout_responses_assignee_id_contacts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_reviewers" ADD CONSTRAINT "callout_reviewers_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_reviewers" ADD CONSTRAINT "callout_reviewers_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_variants" ADD CONSTRAINT "callout_variants_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_flows" ADD CONSTRAINT "upload_flows_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "callout_responses_number_key" ON "callout_responses" USING btree ("callout_id","number");--> statement-breakpoint
CREATE INDEX "callout_responses_callout_created_idx" ON "callout_responses" USING btree ("callout_id","created_at");--> statement-breakpoint
CREATE INDEX "callout_responses_contact_idx" ON "callout_responses" USING btree ("contact_id","callout_id") WHERE "callout_responses"."contact_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "callout_reviewers_callout_contact_key" ON "callout_reviewers" USING btree ("callout_id","contact_id");--> statement-breakpoint
CREATE INDEX "callout_reviewers_contact_idx" ON "callout_reviewers" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "callouts_slug_key" ON "callouts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "callouts_starts_idx" ON "callouts" USING btree ("starts");--> statement-breakpoint
CREATE INDEX "captcha_solutions_expires_idx" ON "captcha_solutions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "upload_flows_ip_created_idx" ON "upload_flows" USING btree ("ip_address","created_at");