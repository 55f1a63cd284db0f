ALTER TABLE "mailing_recipients" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_recipients" ADD COLUMN "resent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_reconciliations" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
UPDATE "newsletter_reconciliations" SET "status" = 'failed', "finished_at" = now(), "error" = 'Interrupted by an upgrade. Start it again.' WHERE "status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_reconciliations_one_running" ON "newsletter_reconciliations" USING btree ("status") WHERE "newsletter_reconciliations"."status" = 'running';