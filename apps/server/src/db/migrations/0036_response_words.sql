CREATE TABLE "callout_response_values" (
	"response_id" uuid NOT NULL,
	"callout_id" uuid NOT NULL,
	"slide_id" text NOT NULL,
	"key" text NOT NULL,
	"words" text[],
	"phrases" text[],
	"date" double precision,
	CONSTRAINT "callout_response_values_response_id_slide_id_key_pk" PRIMARY KEY("response_id","slide_id","key")
);
--> statement-breakpoint
ALTER TABLE "callout_response_values" ADD CONSTRAINT "callout_response_values_response_id_callout_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."callout_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callout_response_values_input_idx" ON "callout_response_values" USING btree ("callout_id","slide_id","key");--> statement-breakpoint
-- The summary of answers reads words, phrases and dates from callout_response_values (decision
-- 084), which these functions and triggers keep in step with every write of answers and of forms,
-- in the same transaction. The inputs of a form whose answers are kept there: text inputs (their
-- words and pairs of neighbouring words) and date inputs (their dates), found at any depth of a
-- slide's components.
CREATE FUNCTION cohort_summary_inputs(form jsonb)
RETURNS TABLE (slide_id text, key text, has_words boolean, has_date boolean)
LANGUAGE sql IMMUTABLE AS $$
  SELECT s.slide ->> 'id', c.component ->> 'key',
    bool_or(c.component ->> 'type' IN ('textfield', 'textarea')), bool_or(c.component ->> 'type' = 'datetime')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(form -> 'slides') = 'array' THEN form -> 'slides' ELSE '[]'::jsonb END) AS s(slide)
  CROSS JOIN LATERAL jsonb_path_query(s.slide,
    'strict $.components.** ? (@.type == "textfield" || @.type == "textarea" || @.type == "datetime")', '{}', true) AS c(component)
  WHERE jsonb_typeof(s.slide -> 'id') = 'string' AND jsonb_typeof(c.component -> 'key') = 'string'
  GROUP BY 1, 2
$$;
--> statement-breakpoint
-- Writes the rows of these responses, for every input of their forms or only for `only_inputs`
-- (a JSON list of [slide id, key]); rows already there are kept. Answers how many were written.
CREATE FUNCTION cohort_write_response_values(ids uuid[], only_inputs jsonb DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  WITH targets AS MATERIALIZED (
    SELECT r.id, r.callout_id, r.answers FROM unnest(ids) AS u(id) JOIN callout_responses r ON r.id = u.id
  ),
  inputs AS MATERIALIZED (
    SELECT c.id AS callout_id, i.slide_id, i.key, i.has_words, i.has_date
    FROM callouts c CROSS JOIN LATERAL cohort_summary_inputs(c.form_schema) AS i
    WHERE c.id IN (SELECT t.callout_id FROM targets t)
      AND (only_inputs IS NULL OR only_inputs @> jsonb_build_array(jsonb_build_array(i.slide_id, i.key)))
  )
  INSERT INTO callout_response_values (response_id, callout_id, slide_id, key, words, phrases, date)
  SELECT t.id, t.callout_id, i.slide_id, i.key, v.words, v.phrases, v.date
  FROM targets t
  JOIN inputs i ON i.callout_id = t.callout_id
  -- A text answer as text; any other value has no words and no date.
  CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(t.answers -> i.slide_id -> i.key) = 'string'
      THEN t.answers -> i.slide_id ->> i.key END AS text) AS a
  -- Its words with their positions (`simple` splits and lowers, nothing more).
  CROSS JOIN LATERAL (SELECT CASE WHEN i.has_words THEN to_tsvector('simple', a.text) END AS vector) AS tokens
  CROSS JOIN LATERAL (SELECT
      -- Each word once.
      tsvector_to_array(tokens.vector) AS words,
      -- Each pair of words that follow each other once, as "first second".
      CASE WHEN tokens.vector IS NOT NULL THEN ARRAY(
        SELECT DISTINCT p.first || ' ' || p.second FROM (
          SELECT w.lexeme AS first, n.position,
            lead(w.lexeme) OVER (ORDER BY n.position) AS second,
            lead(n.position) OVER (ORDER BY n.position) AS next_position
          FROM unnest(tokens.vector) AS w CROSS JOIN LATERAL unnest(w.positions) AS n(position)
        ) AS p
        WHERE p.next_position = p.position + 1) END AS phrases,
      -- The date as seconds since 1970, or null when the text is no real date: the shape by a
      -- pattern, then the day against the length of its month (29 February in leap years) as
      -- numbers, read only once the pattern holds, before the cast.
      CASE WHEN i.has_date AND a.text ~ '^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?)?(Z|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)?$' THEN
        CASE WHEN substr(a.text, 6, 2)::int BETWEEN 1 AND 12 AND substr(a.text, 9, 2)::int BETWEEN 1 AND (
            CASE WHEN substr(a.text, 6, 2)::int = 2 THEN
                CASE WHEN substr(a.text, 1, 4)::int % 4 = 0
                    AND (substr(a.text, 1, 4)::int % 100 <> 0 OR substr(a.text, 1, 4)::int % 400 = 0)
                  THEN 29 ELSE 28 END
              WHEN substr(a.text, 6, 2)::int IN (4, 6, 9, 11) THEN 30 ELSE 31 END)
          THEN extract(epoch FROM a.text::timestamptz)::float8 END
      END AS date
    -- Worked out once per answer, not again for the condition below.
    OFFSET 0) AS v
  -- A text answer is kept even when it has no words: the phrases are looked for in the newest text answers.
  WHERE v.words IS NOT NULL OR v.date IS NOT NULL
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END
$$;
--> statement-breakpoint
CREATE FUNCTION cohort_response_values_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cohort_write_response_values(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION cohort_response_values_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM callout_response_values WHERE response_id = NEW.id;
  PERFORM cohort_write_response_values(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A form whose text or date inputs changed: the rows of those inputs are written again from the
-- answers of the callout's responses; other inputs are left as they are.
CREATE FUNCTION cohort_response_values_form_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  SELECT jsonb_agg(DISTINCT jsonb_build_array(d.slide_id, d.key)) INTO changed FROM (
    (SELECT * FROM cohort_summary_inputs(OLD.form_schema) EXCEPT SELECT * FROM cohort_summary_inputs(NEW.form_schema))
    UNION ALL
    (SELECT * FROM cohort_summary_inputs(NEW.form_schema) EXCEPT SELECT * FROM cohort_summary_inputs(OLD.form_schema))
  ) AS d;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  DELETE FROM callout_response_values v
  WHERE v.callout_id = NEW.id AND changed @> jsonb_build_array(jsonb_build_array(v.slide_id, v.key));
  PERFORM cohort_write_response_values(ARRAY(SELECT r.id FROM callout_responses r WHERE r.callout_id = NEW.id), changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- New responses: once per statement, so an import or a batch of answers reads each form once.
CREATE TRIGGER callout_response_values_insert AFTER INSERT ON callout_responses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cohort_response_values_inserted();
--> statement-breakpoint
-- Changed answers only: moving, assigning or tagging responses writes nothing here.
CREATE TRIGGER callout_response_values_update AFTER UPDATE OF answers ON callout_responses
  FOR EACH ROW WHEN (OLD.answers IS DISTINCT FROM NEW.answers) EXECUTE FUNCTION cohort_response_values_updated();
--> statement-breakpoint
CREATE TRIGGER callout_response_values_form AFTER UPDATE OF form_schema ON callouts
  FOR EACH ROW WHEN (OLD.form_schema IS DISTINCT FROM NEW.form_schema) EXECUTE FUNCTION cohort_response_values_form_changed();
