-- Every copy of the server caches settings and published callouts in memory (decision 037).
-- A committed change to them notifies the channel cohort_cache with its topic, and every copy
-- listening there empties that cache. Bumping a callout's response number changes nothing cached,
-- so it notifies nobody.
CREATE OR REPLACE FUNCTION cohort_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cohort_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER content_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content
  FOR EACH STATEMENT EXECUTE FUNCTION cohort_notify_cache('content');
--> statement-breakpoint
CREATE TRIGGER callout_variants_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON callout_variants
  FOR EACH STATEMENT EXECUTE FUNCTION cohort_notify_cache('callouts');
--> statement-breakpoint
CREATE TRIGGER callouts_cache AFTER INSERT OR DELETE OR TRUNCATE ON callouts
  FOR EACH STATEMENT EXECUTE FUNCTION cohort_notify_cache('callouts');
--> statement-breakpoint
CREATE TRIGGER callouts_cache_update AFTER UPDATE OF slug, image, starts, expires, allow_update, allow_multiple,
  hidden, access, captcha, channels, form_schema, newsletter_schema, response_view_schema ON callouts
  FOR EACH STATEMENT EXECUTE FUNCTION cohort_notify_cache('callouts');
