CREATE TABLE "newsletter_reconciliations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"differed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "newsletter_remote_members" (
	"reconciliation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"fingerprint" text NOT NULL,
	CONSTRAINT "newsletter_remote_members_reconciliation_id_email_pk" PRIMARY KEY("reconciliation_id","email")
);
--> statement-breakpoint
CREATE TABLE "newsletter_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"api_key" text,
	"api_url" text,
	"list_id" text DEFAULT '' NOT NULL,
	"webhook_secret" text NOT NULL,
	"active_member_tag" text DEFAULT 'Active member' NOT NULL,
	"lapsed_member_tag" text DEFAULT 'Lapsed member' NOT NULL,
	"pulled_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_sync" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"synced_version" bigint DEFAULT 0 NOT NULL,
	"provider_email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"recheck_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "newsletter_sync_due_idx" ON "newsletter_sync" USING btree ("retry_at") WHERE "newsletter_sync"."version" > "newsletter_sync"."synced_version";--> statement-breakpoint
CREATE INDEX "newsletter_sync_recheck_idx" ON "newsletter_sync" USING btree ("recheck_at");
--> statement-breakpoint
-- Any change to what the newsletter provider holds of a contact marks the contact for the sync
-- (decision 061), whichever code made it: the address, names, newsletter status and groups,
-- roles (membership tags), and the contact's deletion.
CREATE OR REPLACE FUNCTION cohort_newsletter_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  INSERT INTO newsletter_sync (contact_id)
    VALUES (COALESCE(changed->>'contact_id', changed->>'id')::uuid)
    ON CONFLICT (contact_id) DO UPDATE
      SET version = newsletter_sync.version + 1, attempts = 0, retry_at = NULL, last_error = NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_newsletter AFTER INSERT OR DELETE OR UPDATE OF email, firstname, lastname ON contacts
  FOR EACH ROW EXECUTE FUNCTION cohort_newsletter_dirty();
--> statement-breakpoint
CREATE TRIGGER contact_profiles_newsletter AFTER UPDATE OF newsletter_status, newsletter_groups ON contact_profiles
  FOR EACH ROW EXECUTE FUNCTION cohort_newsletter_dirty();
--> statement-breakpoint
CREATE TRIGGER contact_roles_newsletter AFTER INSERT OR UPDATE OR DELETE ON contact_roles
  FOR EACH ROW EXECUTE FUNCTION cohort_newsletter_dirty();
