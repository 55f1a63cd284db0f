ALTER TABLE "uploaded_files" ADD COLUMN "response_id" uuid;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "answer_slide_id" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "answer_key" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_response_id_callout_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."callout_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_files_response_idx" ON "uploaded_files" USING btree ("response_id") WHERE "uploaded_files"."response_id" is not null;