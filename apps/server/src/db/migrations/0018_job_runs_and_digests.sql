CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
ALTER TABLE "callout_notification_recipients" ADD COLUMN "daily_digest" boolean DEFAULT false NOT NULL;