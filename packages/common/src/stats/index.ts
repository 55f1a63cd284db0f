import { z } from "zod";
import { ONE_DAY } from "../time/index.js";

/** A whole day (`2024-05-01`, in UTC) or an instant with its zone (`2024-05-01T10:00:00.000Z`). */
const statsDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  message: "Expected an ISO date such as 2024-05-01 or 2024-05-01T10:00:00.000Z",
});

const isWholeDay = (value: string) => !value.includes("T");

/**
 * The instants a period covers, both ends included. A whole day as `to`
 * covers that entire day, so `from=2024-05-01&to=2024-05-31` is all of May.
 */
export interface StatsRange {
  start: Date;
  end: { at: Date; isExclusive: boolean };
}

export function statsRange(query: { from: string; to: string }): StatsRange {
  const to = new Date(query.to);
  return {
    start: new Date(query.from),
    end: isWholeDay(query.to)
      ? { at: new Date(to.getTime() + ONE_DAY), isExclusive: true }
      : { at: to, isExclusive: false },
  };
}

const isEmptyRange = ({ start, end }: StatsRange) =>
  end.isExclusive ? start.getTime() >= end.at.getTime() : start.getTime() > end.at.getTime();

export const statsQuerySchema = z
  .object({ from: statsDateSchema, to: statsDateSchema })
  .strict()
  .refine((query) => !isEmptyRange(statsRange(query)), { message: "from must not be after to", path: ["to"] });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** Money is in major units (12.5 means 12.50), exact to the cent; null when nothing was paid. */
export const statsSchema = z.object({
  newContacts: z.number().int().min(0),
  averageContribution: z.number().nullable(),
  totalRevenue: z.number().nullable(),
});
export type Stats = z.infer<typeof statsSchema>;
