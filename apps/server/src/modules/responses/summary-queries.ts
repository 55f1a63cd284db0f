import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { SUMMARY_BUCKETS } from "@cohort/common/callouts";
import type { Db } from "../../db/client.js";
import { calloutResponses, calloutTags } from "../../db/schema/index.js";

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
 * A stored date answer as seconds since 1970, or null when the text is not a
 * real date: checked by pattern, then the day against the length of its
 * month, before it is cast, so that no stored text can make the statement
 * fail. The month and day are compared as numbers rather than by the pattern:
 * a pattern listing the days of every month took most of the statement's time.
 */
function answerEpoch(text: SQL): SQL {
  const pattern =
    "^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,6})?)?)?(Z|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)?$";
  const year = sql`substr(${text}, 1, 4)::int`;
  const month = sql`substr(${text}, 6, 2)::int`;
  const day = sql`substr(${text}, 9, 2)::int`;
  // 29 February only in a leap year.
  const leap = sql`(${year} % 4 = 0 AND (${year} % 100 <> 0 OR ${year} % 400 = 0))`;
  const monthLength = sql`(CASE WHEN ${month} = 2 THEN CASE WHEN ${leap} THEN 29 ELSE 28 END
    WHEN ${month} IN (4, 6, 9, 11) THEN 30 ELSE 31 END)`;
  // Nested cases, as the numbers can be read only once the pattern holds.
  return sql`(CASE WHEN ${text} ~ ${pattern} THEN
      CASE WHEN ${month} BETWEEN 1 AND 12 AND ${day} BETWEEN 1 AND ${monthLength}
      THEN extract(epoch FROM (${text})::timestamptz)::float8 END
    END)`;
}

/** Date answers, as seconds since 1970. */
export function dateDistribution(db: Db, where: SQL, ref: AnswerRef): Promise<Distribution> {
  return distribution(
    db,
    // `OFFSET 0` keeps the date read once per answer: without it the planner checks and casts it
    // twice, once to leave out what is no date and once for its value.
    sql`SELECT d.x FROM (
        SELECT ${answerEpoch(sql`(r.v #>> '{}')`)} AS x FROM ${selected(where, ref)}
        WHERE jsonb_typeof(r.v) = 'string' OFFSET 0
      ) d
      WHERE d.x IS NOT NULL`,
    false,
  );
}

/** Not a stop word, longer than one letter and not a plain number. */
const meaningful = (word: SQL, stopWords: string) =>
  sql`(length(${word}) > 1 AND ${word} !~ '^[0-9]+$' AND ${word} NOT IN (SELECT unnest(string_to_array(${stopWords}, ' '))))`;

/** The words of a text answer, each once, in lower case (`simple` splits and lowers, nothing more). */
const wordsOf = (text: SQL) => sql`unnest(to_tsvector('simple', ${text}))`;

/**
 * A text answer as text, null for any other value (which then has no words).
 * Tested inside the call rather than in `WHERE`, so the planner expects as
 * many words as responses and counts them in a hash table rather than by
 * sorting them all, which spilled to disk with 100,000 answers.
 */
const textOf = (value: SQL) => sql`(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${value} #>> '{}' END)`;

export interface CountedText {
  text: string;
  count: number;
}

/**
 * The words most responses use (each response counted once per word), and
 * the pairs of neighbouring words, neither a stop word, among the newest
 * `phraseSample` answers: pairs need every word in order, which costs too
 * much over a whole large callout.
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
      // Counted first, then sifted: the vocabulary is far smaller than the words written. `OFFSET 0`
      // keeps the planner from moving the sifting below the count, onto every word written.
      sql`SELECT g.text, g.n FROM (
          SELECT w.lexeme AS text, count(*)::int AS n
          FROM ${selected(where, ref)}
          CROSS JOIN LATERAL ${wordsOf(textOf(sql`r.v`))} AS w
          GROUP BY w.lexeme
          OFFSET 0
        ) g
        WHERE ${meaningful(sql`g.text`, stop)}
        ORDER BY g.n DESC, g.text LIMIT ${limits.words}`,
    ),
    rowsOf<{ text: string; n: number | string }>(
      db,
      sql`WITH newest AS (
          SELECT r.id, r.v FROM ${selected(where, ref)}
          WHERE jsonb_typeof(r.v) = 'string' ORDER BY r.created_at DESC LIMIT ${limits.phraseSample}
        ),
        positioned AS (
          SELECT n.id, w.lexeme, p.position
          FROM newest n CROSS JOIN LATERAL ${wordsOf(sql`n.v #>> '{}'`)} AS w CROSS JOIN LATERAL unnest(w.positions) AS p(position)
        ),
        pairs AS (
          SELECT id, lexeme AS first, position,
            lead(lexeme) OVER (PARTITION BY id ORDER BY position) AS second,
            lead(position) OVER (PARTITION BY id ORDER BY position) AS next_position
          FROM positioned
        )
        SELECT g.first || ' ' || g.second AS text, g.n FROM (
          SELECT first, second, count(DISTINCT id)::int AS n FROM pairs
          WHERE next_position = position + 1 GROUP BY first, second HAVING count(DISTINCT id) > 1
        ) g
        WHERE ${meaningful(sql`g.first`, stop)} AND ${meaningful(sql`g.second`, stop)}
        ORDER BY g.n DESC, text LIMIT ${limits.phrases}`,
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
