import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { SUMMARY_BUCKETS } from "@cohort/common/callouts";
import type { Db } from "../../../db/client.js";
import { calloutResponses, calloutResponseValues, calloutTags } from "../../../db/schema/index.js";

/**
 * The summary of answers (decision 072), computed by PostgreSQL: every
 * statement reads the selected responses once and sends back only counts,
 * a few words and a few answers, never the answers themselves.
 */

/** One input of the form: where its answer sits in `answers`. */
export interface AnswerRef {
  slideId: string;
  key: string;
}

type Row = Record<string, unknown>;

async function rowsOf<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer raw statements with `{ rows }`; counts may come back as text.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const answer = (ref: AnswerRef) => sql`(${calloutResponses.answers} -> ${ref.slideId}::text -> ${ref.key}::text)`;

/** The selected responses with one answer as `v`. */
const selected = (where: SQL, ref: AnswerRef) =>
  sql`(SELECT ${calloutResponses.id} AS id, ${calloutResponses.number} AS number, ${calloutResponses.createdAt} AS created_at, ${answer(ref)} AS v FROM ${calloutResponses} WHERE ${where}) r`;

/** An answer counts when it holds something: text that is not empty, a number, a tick, a list or object with content. */
function answeredCondition(value: SQL, kind: "ticks" | "any"): SQL {
  if (kind === "ticks") return sql`coalesce(${value} @? '$.* ? (@ == true)', false)`;
  return sql`(CASE jsonb_typeof(${value})
    WHEN 'string' THEN ${value} <> '""'::jsonb
    WHEN 'array' THEN jsonb_array_length(${value}) > 0
    WHEN 'object' THEN ${value} <> '{}'::jsonb
    WHEN 'number' THEN true
    WHEN 'boolean' THEN true
    ELSE false END)`;
}

export interface AnsweredQuery {
  ref: AnswerRef;
  /** `ticks`: selectboxes (an object of flags with one ticked); `checkbox`: ticked ones; `any`: anything. */
  kind: "ticks" | "checkbox" | "any";
}

/**
 * How many responses are selected, and per input how many answered it (for
 * a checkbox: how many ticked it), in one pass.
 */
export async function countAnswered(
  db: Db,
  where: SQL,
  inputs: AnsweredQuery[],
): Promise<{ total: number; answered: number[] }> {
  const columns = inputs.map(({ ref, kind }, index) => {
    const condition = kind === "checkbox" ? sql`${answer(ref)} = 'true'::jsonb` : answeredCondition(answer(ref), kind);
    return sql`, count(*) FILTER (WHERE ${condition})::int AS ${sql.raw(`c${index}`)}`;
  });
  const [row] = await rowsOf<Row>(
    db,
    sql`SELECT count(*)::int AS total ${sql.join(columns, sql``)} FROM ${calloutResponses} WHERE ${where}`,
  );
  return {
    total: Number(row?.total ?? 0),
    answered: inputs.map((_, index) => Number(row?.[`c${index}`] ?? 0)),
  };
}

/**
 * How many responses chose each value, for several inputs in one pass over
 * the responses: a single choice (text), a list of choices, or an object of
 * ticked flags. One map per input, in the order given.
 */
export async function countChoices(db: Db, where: SQL, refs: AnswerRef[]): Promise<Map<string, number>[]> {
  if (refs.length === 0) return [];
  const values = sql.join(
    refs.map((ref, index) => sql`(${index}::int, ${answer(ref)})`),
    sql`, `,
  );
  // One set-returning call per response and input: a single choice, a list, or the keys of ticked flags.
  const rows = await rowsOf<{ i: number | string; choice: string; n: number | string }>(
    db,
    sql`SELECT a.i, c.choice, count(*)::int AS n
      FROM ${calloutResponses}
      CROSS JOIN LATERAL (VALUES ${values}) AS a(i, v)
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(a.v)
        WHEN 'array' THEN a.v
        WHEN 'object' THEN jsonb_path_query_array(a.v, 'strict $.keyvalue() ? (@.value == true).key')
        WHEN 'string' THEN jsonb_build_array(a.v)
        WHEN 'number' THEN jsonb_build_array(a.v #>> '{}')
        WHEN 'boolean' THEN jsonb_build_array(a.v #>> '{}')
        ELSE '[]'::jsonb END) AS c(choice)
      WHERE ${where} AND c.choice <> ''
      GROUP BY a.i, c.choice`,
  );
  const counts = refs.map(() => new Map<string, number>());
  for (const row of rows) counts[Number(row.i)]?.set(row.choice, Number(row.n));
  return counts;
}

export interface Distribution {
  count: number;
  min: number | null;
  median: number | null;
  max: number | null;
  /** The bucket width; 1 with whole numbers a few apart (one bucket per value). */
  buckets: { index: number; count: number }[];
  /** True when every value is a whole number and each bucket holds one value. */
  perValue: boolean;
}

/**
 * The spread of numeric values: minimum, median, maximum and counts in up to
 * `SUMMARY_BUCKETS` equal buckets from the minimum to the maximum, or one
 * bucket per value when the values are whole numbers fewer than that apart.
 */
async function distribution(db: Db, values: SQL, perValueAllowed: boolean): Promise<Distribution> {
  const buckets = SUMMARY_BUCKETS;
  const perValue = perValueAllowed ? sql`s.whole AND s.hi - s.lo < ${buckets}` : sql`false`;
  const rows = await rowsOf<Row>(
    db,
    sql`WITH vals AS (${values}),
      s AS (
        SELECT count(*)::int AS n, min(x) AS lo, max(x) AS hi,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY x) AS med,
          coalesce(bool_and(x = trunc(x)), false) AS whole
        FROM vals
      )
      SELECT s.n, s.lo, s.hi, s.med, (${perValue}) AS per_value, b.bucket, b.n AS bucket_n
      FROM s LEFT JOIN LATERAL (
        SELECT CASE
            WHEN s.hi = s.lo THEN 1
            WHEN ${perValue} THEN (x - s.lo)::int + 1
            ELSE least(width_bucket(x, s.lo, s.hi, ${buckets}::int), ${buckets}::int)
          END AS bucket, count(*)::int AS n
        FROM vals GROUP BY 1
      ) b ON s.n > 0
      ORDER BY b.bucket`,
  );
  const first = rows[0];
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    count: Number(first?.n ?? 0),
    min: number(first?.lo),
    median: number(first?.med),
    max: number(first?.hi),
    perValue: first?.per_value === true,
    buckets: rows
      .filter((row) => row.bucket !== null && row.bucket !== undefined)
      .map((row) => ({ index: Number(row.bucket), count: Number(row.bucket_n) })),
  };
}

/** Number answers (a number or currency input). */
export function numberDistribution(db: Db, where: SQL, ref: AnswerRef): Promise<Distribution> {
  return distribution(
    db,
    sql`SELECT (r.v)::float8 AS x FROM ${selected(where, ref)} WHERE jsonb_typeof(r.v) = 'number'`,
    true,
  );
}

/**
 * What the selected responses' answers to one input hold in
 * `callout_response_values` (decision 084): the words and pairs of words of a
 * text answer, a date answer as seconds, worked out by the database when the
 * answer was written. A response has a row for a text input when its answer
 * is text (even empty), and for a date input when its answer is a real date.
 */
const storedValues = (where: SQL, ref: AnswerRef) =>
  sql`${calloutResponses} JOIN ${calloutResponseValues} v ON v.response_id = ${calloutResponses.id}
    AND v.callout_id = ${calloutResponses.calloutId} AND v.slide_id = ${ref.slideId}::text AND v.key = ${ref.key}::text
    WHERE ${where}`;

/**
 * Date answers, as seconds since 1970: only real dates (the day checked
 * against its month), as they were read when the answer was written.
 */
export function dateDistribution(db: Db, where: SQL, ref: AnswerRef): Promise<Distribution> {
  return distribution(db, sql`SELECT v.date AS x FROM ${storedValues(where, ref)} AND v.date IS NOT NULL`, false);
}

/** Not a stop word, longer than one letter and not a plain number. */
const meaningful = (word: SQL, stopWords: string) =>
  sql`(length(${word}) > 1 AND ${word} !~ '^[0-9]+$' AND ${word} NOT IN (SELECT unnest(string_to_array(${stopWords}, ' '))))`;

export interface CountedText {
  text: string;
  count: number;
}

/**
 * The words most responses use (each response counted once per word), and
 * the pairs of neighbouring words, neither a stop word, among the newest
 * `phraseSample` text answers, as stored with each answer (decision 084):
 * the words are counted over the whole selection, the pairs, far more
 * varied, over the newest answers only.
 */
export async function frequentWords(
  db: Db,
  where: SQL,
  ref: AnswerRef,
  stopWords: readonly string[],
  limits: { words: number; phrases: number; phraseSample: number },
): Promise<{ words: CountedText[]; phrases: CountedText[] }> {
  const stop = stopWords.join(" ");
  const [words, phrases] = await Promise.all([
    rowsOf<{ text: string; n: number | string }>(
      db,
      // Counted first, then sifted of stop words: the vocabulary is far smaller than the words written.
      // `OFFSET 0` keeps the planner from moving the sifting below the count, onto every word written.
      sql`SELECT g.text, g.n FROM (
          SELECT w.text, count(*)::int AS n
          FROM (SELECT unnest(v.words) AS text FROM ${storedValues(where, ref)}) w
          GROUP BY w.text
          OFFSET 0
        ) g
        WHERE ${meaningful(sql`g.text`, stop)}
        ORDER BY g.n DESC, g.text LIMIT ${limits.words}`,
    ),
    rowsOf<{ text: string; n: number | string }>(
      db,
      // Each stored pair is one response's, so counting rows counts responses; a phrase counts when
      // at least two use it.
      sql`SELECT g.text, g.n FROM (
          SELECT p.text, count(*)::int AS n
          FROM (
            SELECT unnest(s.phrases) AS text FROM (
              SELECT v.phrases FROM ${storedValues(where, ref)} AND v.words IS NOT NULL
              ORDER BY ${calloutResponses.createdAt} DESC LIMIT ${limits.phraseSample}
            ) s
          ) p
          GROUP BY p.text HAVING count(*) > 1
          OFFSET 0
        ) g
        WHERE ${meaningful(sql`split_part(g.text, ' ', 1)`, stop)} AND ${meaningful(sql`split_part(g.text, ' ', 2)`, stop)}
        ORDER BY g.n DESC, g.text LIMIT ${limits.phrases}`,
    ),
  ]);
  const counted = (rows: { text: string; n: number | string }[]) =>
    rows.map((row) => ({ text: row.text, count: Number(row.n) }));
  return { words: counted(words), phrases: counted(phrases) };
}

/** The newest text answers that are not blank, cut to `maxLength` characters. */
export async function recentTexts(db: Db, where: SQL, ref: AnswerRef, limit: number, maxLength: number) {
  const rows = await rowsOf<{ number: number | string; created_at: string; text: string }>(
    db,
    sql`SELECT r.number, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
        left(r.v #>> '{}', ${maxLength}::int) AS text
      FROM ${selected(where, ref)}
      WHERE jsonb_typeof(r.v) = 'string' AND btrim(r.v #>> '{}') <> ''
      ORDER BY r.created_at DESC, r.number DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({ number: Number(row.number), createdAt: row.created_at, text: row.text }));
}

/** Where the newest located address answers are. */
export async function addressPoints(db: Db, where: SQL, ref: AnswerRef, limit: number) {
  const rows = await rowsOf<{ lat: number | string; lng: number | string }>(
    db,
    sql`SELECT (r.v #>> '{geometry,location,lat}')::float8 AS lat, (r.v #>> '{geometry,location,lng}')::float8 AS lng
      FROM ${selected(where, ref)}
      WHERE jsonb_typeof(r.v #> '{geometry,location,lat}') = 'number' AND jsonb_typeof(r.v #> '{geometry,location,lng}') = 'number'
      ORDER BY r.created_at DESC, r.number DESC LIMIT ${limit}`,
  );
  return rows
    .map((row) => ({ lat: Number(row.lat), lng: Number(row.lng) }))
    .filter((point) => Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180);
}

/**
 * What changes whenever a response of the callout is added, changed or
 * removed, or one of its tags is deleted (which takes the tag off responses
 * without touching them): how many responses there are, the sum of their
 * change times (every change moves one forward, even when another response
 * changed in the same millisecond), and the count and newest of its tags.
 */
export async function summaryVersion(db: Db, calloutId: string): Promise<string> {
  const [row] = await rowsOf<{ n: number | string; latest: string | null; tags: string }>(
    db,
    sql`SELECT count(*)::int AS n, sum(extract(epoch FROM ${calloutResponses.updatedAt}))::text AS latest,
        (SELECT count(*) || ':' || coalesce(max(${calloutTags.createdAt})::text, '') FROM ${calloutTags} WHERE ${calloutTags.calloutId} = ${calloutId}) AS tags
      FROM ${calloutResponses} WHERE ${calloutResponses.calloutId} = ${calloutId}`,
  );
  return `${row?.n ?? 0}@${row?.latest ?? ""}#${row?.tags ?? ""}`;
}

const dialect = new PgDialect({ casing: "snake_case" });

/** A condition as its statement text and parameters, to tell conditions apart in a cache key. */
export function conditionKey(where: SQL): string {
  const query = dialect.sqlToQuery(where);
  return JSON.stringify([query.sql, query.params]);
}

/** Responses given their stored words and dates by one statement of `fillResponseValues`. */
const FILL_BATCH = 2000;

/**
 * Data upgrade (decision 084): gives the responses written before
 * `callout_response_values` existed their stored words and dates, a batch of
 * responses at a time, in order of id, without reading answers into memory.
 * New answers are written by the table's triggers; rows already there are
 * kept. Each batch's responses are locked as they are read (`FOR SHARE`) until
 * the upgrade's transaction ends, so none of them changes between being read
 * here and being stored; new answers go in meanwhile, since no lock is taken on
 * the table. Answers how many rows it wrote.
 */
export async function fillResponseValues(db: Db): Promise<number> {
  let after: string | null = null;
  let written = 0;
  for (;;) {
    const rows: { last: string | null; written: number | string | null }[] = await rowsOf(
      db,
      sql`SELECT (array_agg(b.id ORDER BY b.id DESC))[1]::text AS last,
          cohort_write_response_values(array_agg(b.id)) AS written
        FROM (
          SELECT ${calloutResponses.id} AS id FROM ${calloutResponses}
          WHERE ${after === null ? sql`true` : sql`${calloutResponses.id} > ${after}::uuid`}
          ORDER BY ${calloutResponses.id} LIMIT ${FILL_BATCH}
          FOR SHARE
        ) b`,
    );
    const last = rows[0]?.last;
    if (!last) return written;
    written += Number(rows[0]?.written ?? 0);
    after = last;
  }
}
