/** The periods the dashboard offers, as whole days in UTC (both ends included, as `/stats` reads them). */
export const statsPeriods = ["last30Days", "thisMonth", "lastMonth", "thisYear", "last12Months"] as const;
export type StatsPeriod = (typeof statsPeriods)[number];

const day = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date));

export function periodRange(period: StatsPeriod, now: Date): { from: string; to: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const today = utc(year, month, now.getUTCDate());
  switch (period) {
    case "last30Days":
      return { from: day(utc(year, month, now.getUTCDate() - 29)), to: day(today) };
    case "thisMonth":
      return { from: day(utc(year, month, 1)), to: day(today) };
    case "lastMonth":
      return { from: day(utc(year, month - 1, 1)), to: day(utc(year, month, 0)) };
    case "thisYear":
      return { from: day(utc(year, 0, 1)), to: day(today) };
    case "last12Months":
      return { from: day(utc(year, month - 11, 1)), to: day(today) };
  }
}
