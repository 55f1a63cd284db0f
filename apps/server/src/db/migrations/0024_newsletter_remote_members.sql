CREATE TABLE "newsletter_remote_members" (
	"reconciliation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"fingerprint" text NOT NULL,
	CONSTRAINT "newsletter_remote_members_reconciliation_id_email_pk" PRIMARY KEY("reconciliation_id","email")
);
