ALTER TABLE "payments" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_events" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
CREATE INDEX "provider_events_payment_idx" ON "provider_events" USING btree ("provider","provider_payment_id");--> statement-breakpoint
UPDATE "provider_events" SET "provider_payment_id" = "payload"->>'providerPaymentId' WHERE "type" IN ('payment', 'payment-refunded');