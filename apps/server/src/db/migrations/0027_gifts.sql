-- One-time gifts (decision 068): payments say what they are for, and a gift's flow keeps its giver until paid.
ALTER TABLE "payment_flows" ADD COLUMN "giver" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'contribution' NOT NULL;