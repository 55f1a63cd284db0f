import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DEFAULT_VARIANT } from "@cohort/common/callouts";
import type { StatsRange } from "@cohort/common/stats";
import type { Db } from "../../db/client.js";
import { calloutResponses, calloutVariants, contacts, contributionReasons, payments } from "../../db/schema/index.js";

/** Both ends included, unless the end is the start of the day after a whole-day `to`. */
function inRange(column: AnyPgColumn | SQL, { start, end }: StatsRange): SQL {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const upper = end.isExclusive ? sql`${column} < ${at(end.at)}` : sql`${column} <= ${at(end.at)}`;
  return sql`(${column} >= ${at(start)} AND ${upper})`;
}

export async function countNewContacts(db: Db, range: StatsRange): Promise<number> {
  const [row] = await db.select({ total: count() }).from(contacts).where(inRange(contacts.joined, range));
  return row?.total ?? 0;
}

/**
 * Reasons members gave in the period (decision 067), per reason: how many
 * then cancelled and how many paused instead, most given in all first.
 */
export async function countReasons(
  db: Db,
  range: StatsRange,
): Promise<{ reason: string; cancelled: number; paused: number }[]> {
  const rows = await db
    .select({
      reason: contributionReasons.reason,
      cancelled: sql<number | string>`count(*) FILTER (WHERE ${contributionReasons.outcome} = 'cancelled')`,
      paused: sql<number | string>`count(*) FILTER (WHERE ${contributionReasons.outcome} = 'paused')`,
    })
    .from(contributionReasons)
    .where(inRange(contributionReasons.createdAt, range))
    .groupBy(contributionReasons.reason)
    .orderBy(desc(count()), contributionReasons.reason);
  return rows.map((row) => ({ reason: row.reason, cancelled: Number(row.cancelled), paused: Number(row.paused) }));
}

/**
 * Successful payments in the period, in major units rounded to the cent.
 * Amounts are integer minor units, so the arithmetic stays in numeric and
 * only the final, two-decimal text becomes a JavaScript number.
 */
export async function paymentTotals(
  db: Db,
  range: StatsRange,
): Promise<{ average: string | null; total: string | null; giftTotal: string | null; gifts: number }> {
  const isGift = sql`${payments.kind} = 'gift'`;
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${payments.amount}::numeric) FILTER (WHERE NOT ${isGift}) / 100, 2)::text`,
      total: sql<string | null>`round(sum(${payments.amount}::numeric) FILTER (WHERE NOT ${isGift}) / 100, 2)::text`,
      giftTotal: sql<string | null>`round(sum(${payments.amount}::numeric) FILTER (WHERE ${isGift}) / 100, 2)::text`,
      gifts: sql<number | string>`count(*) FILTER (WHERE ${isGift})`,
    })
    .from(payments)
    .where(and(eq(payments.status, "successful"), inRange(payments.chargeDate, range)));
  return {
    average: row?.average ?? null,
    total: row?.total ?? null,
    giftTotal: row?.giftTotal ?? null,
    gifts: Number(row?.gifts ?? 0),
  };
}

/** One month of the series: its bounds and the instant its end-of-month figures are taken at. */
export interface MonthBounds {
  start: Date;
  end: Date;
  asOf: Date;
}

export interface MonthlyRow {
  mrrMinor: string;
  revenueMinor: string;
  giftRevenueMinor: string;
  newMembers: number;
  cancelledMembers: number;
  contributorsAtStart: number;
  churned: number;
}

interface SeriesRow {
  mrr_minor: string;
  revenue_minor: string;
  gift_revenue_minor: string;
  new_members: number | string;
  cancelled_members: number | string;
  contributors_at_start: number | string;
  churned: number | string;
}

/**
 * Contacts paying a recurring (automatic or manual) contribution at an instant:
 * a member role started before it and not yet expired, and a contribution not
 * cancelled before it. `at` is an SQL expression for the instant.
 */
const recurringAt = (at: SQL) => sql`
  FROM contacts c
  JOIN contact_roles r ON r.contact_id = c.id AND r.role = 'member'
  LEFT JOIN contributions k ON k.contact_id = c.id
  WHERE c.contribution_type IN ('Automatic', 'Manual')
    AND c.contribution_amount IS NOT NULL AND c.contribution_period IS NOT NULL
    AND r.date_added < ${at} AND (r.date_expires IS NULL OR r.date_expires >= ${at})
    AND (k.cancelled_at IS NULL OR k.cancelled_at >= ${at})`;

/** The monthly equivalent of a recurring contribution, in exact numeric minor units. */
const monthlyAmount = sql`CASE WHEN c.contribution_period = 'annually'
  THEN c.contribution_amount::numeric / 12 ELSE c.contribution_amount::numeric END`;

/**
 * The monthly series in one statement. MRR sums monthly amounts plus a twelfth of
 * annual ones in exact numeric arithmetic (leaving out contributions paused at that
 * moment, decision 067) and rounds the month's total once, half up, to whole minor units.
 * Revenue is what successful contribution payments kept, as `/stats` counts it; one-time
 * gifts are summed apart and never in the MRR, which only recurring contributions make
 * (decision 068).
 */
export async function monthlySeries(db: Db, months: MonthBounds[]): Promise<MonthlyRow[]> {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const values = sql.join(
    months.map((month, index) => sql`(${index}::int, ${at(month.start)}, ${at(month.end)}, ${at(month.asOf)})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(round(sum(${monthlyAmount})), 0)::text ${recurringAt(sql`m.as_of`)}
         AND NOT (k.paused_at IS NOT NULL AND k.paused_at <= m.as_of AND k.paused_until > m.as_of)) AS mrr_minor,
      (SELECT coalesce(sum(p.amount::numeric), 0)::text FROM payments p
         WHERE p.status = 'successful' AND p.kind <> 'gift'
           AND p.charge_date >= m.start AND p.charge_date < m.finish) AS revenue_minor,
      (SELECT coalesce(sum(p.amount::numeric), 0)::text FROM payments p
         WHERE p.status = 'successful' AND p.kind = 'gift'
           AND p.charge_date >= m.start AND p.charge_date < m.finish) AS gift_revenue_minor,
      (SELECT count(*)::int FROM contact_roles r
         WHERE r.role = 'member' AND r.date_added >= m.start AND r.date_added < m.as_of) AS new_members,
      (SELECT count(*)::int FROM contributions k
         JOIN contact_roles r ON r.contact_id = k.contact_id AND r.role = 'member'
         WHERE k.cancelled_at >= m.start AND k.cancelled_at < m.as_of) AS cancelled_members,
      (SELECT count(*)::int ${recurringAt(sql`m.start`)}) AS contributors_at_start,
      (SELECT count(*)::int ${recurringAt(sql`m.start`)}
         AND k.cancelled_at >= m.start AND k.cancelled_at < m.as_of) AS churned
    FROM (VALUES ${values}) AS m(position, start, finish, as_of)
    ORDER BY m.position
  `);
  // Both drivers answer raw statements with `{ rows }`; counts may come back as text.
  const { rows } = result as { rows: SeriesRow[] };
  return rows.map((row) => ({
    mrrMinor: row.mrr_minor,
    revenueMinor: row.revenue_minor,
    giftRevenueMinor: row.gift_revenue_minor,
    newMembers: Number(row.new_members),
    cancelledMembers: Number(row.cancelled_members),
    contributorsAtStart: Number(row.contributors_at_start),
    churned: Number(row.churned),
  }));
}

export interface BandCounts {
  /** Recurring contributors per band, in the order of `starts`. */
  perBand: number[];
  currentMembers: number;
}

/**
 * Today's recurring contributors (the same rule as the MRR) counted per band of their
 * monthly equivalent; `starts` are each band's lower bound in minor units, ascending,
 * the last band open-ended. Also every current member, to count those without one.
 */
export async function contributionBandCounts(db: Db, starts: readonly number[], now: Date): Promise<BandCounts> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const bands = sql.join(
    starts.map((from, index) => {
      const below = starts[index + 1];
      const upper = below === undefined ? sql`` : sql` AND monthly < ${below}::numeric`;
      return sql`count(*) FILTER (WHERE monthly >= ${from}::numeric${upper})::int`;
    }),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT ARRAY[${bands}] AS per_band,
      (SELECT count(*)::int FROM contact_roles r
         WHERE r.role = 'member' AND r.date_added < ${at}
           AND (r.date_expires IS NULL OR r.date_expires >= ${at})) AS current_members
    FROM (SELECT ${monthlyAmount} AS monthly ${recurringAt(at)}) AS recurring
  `);
  const { rows } = result as { rows: { per_band: (number | string)[] | string; current_members: number | string }[] };
  const row = rows[0];
  const perBand = typeof row?.per_band === "string" ? row.per_band.replace(/[{}]/g, "").split(",") : row?.per_band;
  return {
    perBand: starts.map((_, index) => Number(perBand?.[index] ?? 0)),
    currentMembers: Number(row?.current_members ?? 0),
  };
}

export interface LatestResponseRow {
  id: string;
  number: number;
  calloutId: string;
  calloutTitle: string | null;
  createdAt: Date;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  guestName: string | null;
  guestEmail: string | null;
}

/** The newest responses across every callout, with the callout's default title and who answered. */
export async function latestResponses(db: Db, limit: number): Promise<LatestResponseRow[]> {
  return db
    .select({
      id: calloutResponses.id,
      number: calloutResponses.number,
      calloutId: calloutResponses.calloutId,
      calloutTitle: calloutVariants.title,
      createdAt: calloutResponses.createdAt,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      email: contacts.email,
      guestName: calloutResponses.guestName,
      guestEmail: calloutResponses.guestEmail,
    })
    .from(calloutResponses)
    .leftJoin(
      calloutVariants,
      and(eq(calloutVariants.calloutId, calloutResponses.calloutId), eq(calloutVariants.name, DEFAULT_VARIANT)),
    )
    .leftJoin(contacts, eq(contacts.id, calloutResponses.contactId))
    .orderBy(desc(calloutResponses.createdAt), desc(calloutResponses.number))
    .limit(limit);
}

export interface ConversionRow {
  /** The callout's id, or the answers' `utm_source` (null: none). */
  key: string | null;
  slug: string | null;
  title: string | null;
  answers: number;
  members: number;
}

/**
 * Answers given in the period, and the contacts they brought: a contact counts
 * once for a callout when their first answer to it was given in the period and
 * their member role started after that answer, within `windowDays` (decision
 * 074). Grouped per callout or per the answers' `utm_source` (for members: that
 * of their first answer), the rows with the most answers first. One statement.
 */
export async function conversionCounts(
  db: Db,
  range: StatsRange,
  by: "callout" | "source",
  windowDays: number,
  limit: number,
): Promise<ConversionRow[]> {
  const given = inRange(sql`r.created_at`, range);
  const key = by === "callout" ? sql`r.callout_id::text` : sql`r.utm_source`;
  const labels =
    by === "callout"
      ? sql`c.slug, v.title FROM counted
          JOIN callouts c ON c.id::text = counted.key
          LEFT JOIN callout_variants v ON v.callout_id = c.id AND v.name = ${DEFAULT_VARIANT}`
      : sql`NULL::text AS slug, NULL::text AS title FROM counted`;
  const result = await db.execute(sql`
    WITH answers AS (
      SELECT ${key} AS key, count(*)::int AS answers
      FROM callout_responses r
      WHERE ${given}
      GROUP BY 1
    ),
    converted AS (
      SELECT ${key} AS key, count(DISTINCT r.contact_id)::int AS members
      FROM callout_responses r
      WHERE ${given} AND r.contact_id IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM callout_responses e
          WHERE e.contact_id = r.contact_id AND e.callout_id = r.callout_id
            AND (e.created_at < r.created_at OR (e.created_at = r.created_at AND e.number < r.number)))
        AND EXISTS (
          SELECT 1 FROM contact_roles m
          WHERE m.contact_id = r.contact_id AND m.role = 'member'
            AND m.date_added > r.created_at
            AND m.date_added <= r.created_at + make_interval(days => ${windowDays}::int))
      GROUP BY 1
    ),
    counted AS (
      SELECT a.key, a.answers, coalesce(v.members, 0) AS members
      FROM answers a LEFT JOIN converted v ON v.key IS NOT DISTINCT FROM a.key
    )
    SELECT counted.key, counted.answers, counted.members, ${labels}
    ORDER BY counted.answers DESC, counted.members DESC, counted.key NULLS LAST
    LIMIT ${limit}::int
  `);
  const { rows } = result as {
    rows: {
      key: string | null;
      answers: number | string;
      members: number | string;
      slug: string | null;
      title: string | null;
    }[];
  };
  return rows.map((row) => ({
    key: row.key,
    slug: row.slug,
    title: row.title,
    answers: Number(row.answers),
    members: Number(row.members),
  }));
}
