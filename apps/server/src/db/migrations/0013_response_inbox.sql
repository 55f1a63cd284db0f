CREATE TABLE "callout_response_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"response_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callout_response_tags" (
	"response_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "callout_response_tags_response_id_tag_id_pk" PRIMARY KEY("response_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "callout_tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"callout_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "callout_response_comments" ADD CONSTRAINT "callout_response_comments_response_id_callout_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."callout_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_response_comments" ADD CONSTRAINT "callout_response_comments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_response_tags" ADD CONSTRAINT "callout_response_tags_response_id_callout_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."callout_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_response_tags" ADD CONSTRAINT "callout_response_tags_tag_id_callout_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."callout_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callout_tags" ADD CONSTRAINT "callout_tags_callout_id_callouts_id_fk" FOREIGN KEY ("callout_id") REFERENCES "public"."callouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callout_response_comments_response_idx" ON "callout_response_comments" USING btree ("response_id","created_at");--> statement-breakpoint
CREATE INDEX "callout_response_tags_tag_idx" ON "callout_response_tags" USING btree ("tag_id","response_id");--> statement-breakpoint
CREATE INDEX "callout_tags_callout_idx" ON "callout_tags" USING btree ("callout_id");--> statement-breakpoint
CREATE INDEX "callout_responses_assignee_idx" ON "callout_responses" USING btree ("assignee_id") WHERE "callout_responses"."assignee_id" is not null;