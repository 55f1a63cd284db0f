ALTER TABLE "contacts" ADD COLUMN "join_utm_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "join_utm_medium" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "join_utm_campaign" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "join_ref" text;--> statement-breakpoint
ALTER TABLE "join_flows" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "callout_responses" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "callout_responses" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "callout_responses" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "callout_responses" ADD COLUMN "ref" text;