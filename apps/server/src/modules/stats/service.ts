import type { Stats, StatsQuery } from "@cohort/common/stats";
import { statsRange } from "@cohort/common/stats";
import type { AppContext } from "../../context.js";
import * as queries from "./queries.js";

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/** New contacts and successful payments between two dates, both included. */
export async function getStats(ctx: AppContext, query: StatsQuery): Promise<Stats> {
  const range = statsRange(query);
  const [newContacts, payments] = await Promise.all([
    queries.countNewContacts(ctx.db, range),
    queries.paymentTotals(ctx.db, range),
  ]);
  return {
    newContacts,
    averageContribution: toNumber(payments.average),
    totalRevenue: toNumber(payments.total),
  };
}
