import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { StatsRange } from "@cohort/common/stats";
import type { Db } from "../../db/client.js";
import { contacts, payments } from "../../db/schema/index.js";

/** Both ends included, unless the end is the start of the day after a whole-day `to`. */
function inRange(column: AnyPgColumn, { start, end }: StatsRange): SQL {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const upper = end.isExclusive ? sql`${column} < ${at(end.at)}` : sql`${column} <= ${at(end.at)}`;
  return sql`(${column} >= ${at(start)} AND ${upper})`;
}

export async function countNewContacts(db: Db, range: StatsRange): Promise<number> {
  const [row] = await db.select({ total: count() }).from(contacts).where(inRange(contacts.joined, range));
  return row?.total ?? 0;
}

/**
 * Successful payments in the period, in major units rounded to the cent.
 * Amounts are integer minor units, so the arithmetic stays in numeric and
 * only the final, two-decimal text becomes a JavaScript number.
 */
export async function paymentTotals(
  db: Db,
  range: StatsRange,
): Promise<{ average: string | null; total: string | null }> {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${payments.amount}::numeric) / 100, 2)::text`,
      total: sql<string | null>`round(sum(${payments.amount}::numeric) / 100, 2)::text`,
    })
    .from(payments)
    .where(and(eq(payments.status, "successful"), inRange(payments.chargeDate, range)));
  return { average: row?.average ?? null, total: row?.total ?? null };
}
