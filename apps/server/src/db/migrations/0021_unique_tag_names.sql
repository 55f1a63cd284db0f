-- Tag names become unique regardless of case: contact tags across the site, callout tags within their callout.
-- Tags that already share a name are merged into the oldest of them first: every link to a response or a contact
-- moves onto that tag (a response or contact linked to two of them keeps one link), an empty description takes
-- the first one written, saved segments that name a merged contact tag name the kept one, and the others are deleted.
DROP INDEX "contact_tags_name_key";--> statement-breakpoint
WITH "merged" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY "callout_id", lower("name") ORDER BY "created_at", "id") AS "keep"
  FROM "callout_tags"
)
INSERT INTO "callout_response_tags" ("response_id", "tag_id", "created_at")
  SELECT l."response_id", m."keep", min(l."created_at")
  FROM "callout_response_tags" l JOIN "merged" m ON m."id" = l."tag_id"
  WHERE m."id" <> m."keep"
  GROUP BY l."response_id", m."keep"
  ON CONFLICT ("response_id", "tag_id") DO NOTHING;--> statement-breakpoint
WITH "merged" AS (
  SELECT "id", "description", "created_at",
    first_value("id") OVER (PARTITION BY "callout_id", lower("name") ORDER BY "created_at", "id") AS "keep"
  FROM "callout_tags"
)
UPDATE "callout_tags" k SET "description" = d."description"
  FROM (
    SELECT DISTINCT ON ("keep") "keep", "description" FROM "merged"
    WHERE "description" <> '' ORDER BY "keep", "created_at", "id"
  ) d
  WHERE k."id" = d."keep" AND k."description" = '';--> statement-breakpoint
WITH "merged" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY "callout_id", lower("name") ORDER BY "created_at", "id") AS "keep"
  FROM "callout_tags"
)
DELETE FROM "callout_tags" t USING "merged" m WHERE t."id" = m."id" AND m."id" <> m."keep";--> statement-breakpoint
WITH "merged" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY lower("name") ORDER BY "id") AS "keep" FROM "contact_tags"
)
INSERT INTO "contact_tag_assignments" ("contact_id", "tag_id")
  SELECT DISTINCT a."contact_id", m."keep"
  FROM "contact_tag_assignments" a JOIN "merged" m ON m."id" = a."tag_id"
  WHERE m."id" <> m."keep"
  ON CONFLICT ("contact_id", "tag_id") DO NOTHING;--> statement-breakpoint
WITH "merged" AS (
  SELECT "id", "description", first_value("id") OVER (PARTITION BY lower("name") ORDER BY "id") AS "keep"
  FROM "contact_tags"
)
UPDATE "contact_tags" k SET "description" = d."description"
  FROM (
    SELECT DISTINCT ON ("keep") "keep", "description" FROM "merged"
    WHERE "description" <> '' ORDER BY "keep", "id"
  ) d
  WHERE k."id" = d."keep" AND k."description" = '';--> statement-breakpoint
WITH RECURSIVE "pairs" AS (
  SELECT row_number() OVER (ORDER BY "id") AS "n", "id"::text AS "old", "keep"::text AS "new"
  FROM (SELECT "id", first_value("id") OVER (PARTITION BY lower("name") ORDER BY "id") AS "keep" FROM "contact_tags") m
  WHERE "id" <> "keep"
), "rewritten" AS (
  SELECT "id", 0::bigint AS "n", "rule_group"::text AS "rules" FROM "segments"
  UNION ALL
  SELECT r."id", r."n" + 1, replace(r."rules", p."old", p."new") FROM "rewritten" r JOIN "pairs" p ON p."n" = r."n" + 1
)
UPDATE "segments" s SET "rule_group" = r."rules"::jsonb
  FROM "rewritten" r
  WHERE r."id" = s."id" AND r."n" > 0 AND r."n" = (SELECT count(*) FROM "pairs");--> statement-breakpoint
WITH "merged" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY lower("name") ORDER BY "id") AS "keep" FROM "contact_tags"
)
DELETE FROM "contact_tags" t USING "merged" m WHERE t."id" = m."id" AND m."id" <> m."keep";--> statement-breakpoint
CREATE UNIQUE INDEX "callout_tags_name_key" ON "callout_tags" USING btree ("callout_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_tags_name_key" ON "contact_tags" USING btree (lower("name"));
