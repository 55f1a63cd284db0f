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

/**
 * Money is in major units (12.5 means 12.50), exact to the cent; null when nothing was paid.
 * The average and total count contributions' payments; one-time gifts are counted apart
 * (`giftRevenue`, `gifts`), never as recurring revenue (decision 068).
 */
export const statsSchema = z.object({
  newContacts: z.number().int().min(0),
  averageContribution: z.number().nullable(),
  totalRevenue: z.number().nullable(),
  giftRevenue: z.number().nullable(),
  gifts: z.number().int().min(0),
});
export type Stats = z.infer<typeof statsSchema>;

/**
 * GET `/stats/cancellation-reasons`: the reasons members gave over the
 * period, each with how many then cancelled and how many paused instead
 * (decision 067), most given first.
 */
export const cancellationReasonStatsSchema = z.object({
  reasons: z.array(
    z.object({ reason: z.string(), cancelled: z.number().int().min(0), paused: z.number().int().min(0) }),
  ),
});
export type CancellationReasonStats = z.infer<typeof cancellationReasonStatsSchema>;

/** Most months the monthly series covers in one request. */
export const MAX_STATS_MONTHS = 36;
/** Months the monthly series covers unless asked otherwise. */
export const DEFAULT_STATS_MONTHS = 12;

/** A calendar month in UTC, `2024-05`. */
export const statsMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: "Expected a month such as 2024-05" });

/** The last `months` calendar months (UTC) up to and including `until` (default: the current month). */
export const monthlyStatsQuerySchema = z
  .object({
    months: z.coerce.number().int().min(1).max(MAX_STATS_MONTHS).default(DEFAULT_STATS_MONTHS),
    until: statsMonthSchema.optional(),
  })
  .strict();
export type MonthlyStatsQuery = z.infer<typeof monthlyStatsQuerySchema>;

/**
 * One month of the series (decision 027). Money is in major units, exact to the cent:
 * `mrr` is the monthly recurring revenue at the month's end (or now, for the current month),
 * `revenue` what successful contribution payments kept in the month (the same figure as `/stats`).
 * `churnRate` is the share (0–1, four decimals) of the recurring contributors at the month's
 * start who cancelled during it; null when there were none.
 */
export const monthlyStatsRowSchema = z.object({
  month: statsMonthSchema,
  mrr: z.number(),
  revenue: z.number(),
  /** What successful one-time gifts kept in the month, apart from `revenue` (decision 068). */
  giftRevenue: z.number(),
  newMembers: z.number().int().min(0),
  cancelledMembers: z.number().int().min(0),
  contributorsAtStart: z.number().int().min(0),
  churnRate: z.number().min(0).max(1).nullable(),
});
export type MonthlyStatsRow = z.infer<typeof monthlyStatsRowSchema>;

export const monthlyStatsSchema = z.object({ months: z.array(monthlyStatsRowSchema) });
export type MonthlyStats = z.infer<typeof monthlyStatsSchema>;

/** The first instant of each month of the series, oldest first, plus the start of the month after. */
export function statsMonthStarts(query: { months: number; until?: string | undefined }, now: Date): Date[] {
  const [year, month] = query.until
    ? query.until.split("-").map(Number)
    : [now.getUTCFullYear(), now.getUTCMonth() + 1];
  const starts: Date[] = [];
  for (let offset = query.months - 1; offset >= -1; offset--) {
    starts.push(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1 - offset, 1)));
  }
  return starts;
}

/**
 * Where each contribution band starts, in minor units a month (decision 027): under 5.00,
 * 5.00 to under 10.00, 10.00 to under 20.00, 20.00 to under 50.00, and 50.00 or more.
 * Annual contributions count as a twelfth of their amount.
 */
export const CONTRIBUTION_BAND_STARTS = [0, 500, 1000, 2000, 5000] as const;

/** Current members in one band; `from` and `below` are in major units a month (`below` null: no upper end). */
export const contributionBandSchema = z.object({
  from: z.number().min(0),
  below: z.number().nullable(),
  members: z.number().int().min(0),
});
export type ContributionBand = z.infer<typeof contributionBandSchema>;

/**
 * Today's members by the monthly equivalent of their recurring contribution. The banded
 * members are exactly those the current month's MRR counts; `withoutRecurring` are the
 * other current members (gifts, free memberships, cancelled contributions still running).
 */
export const contributionBandsSchema = z.object({
  bands: z.array(contributionBandSchema),
  withoutRecurring: z.number().int().min(0),
});
export type ContributionBands = z.infer<typeof contributionBandsSchema>;

/** Most responses the dashboard's latest-responses list asks for. */
export const MAX_LATEST_RESPONSES = 20;
export const DEFAULT_LATEST_RESPONSES = 5;

export const latestResponsesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_LATEST_RESPONSES).default(DEFAULT_LATEST_RESPONSES),
  })
  .strict();
export type LatestResponsesQuery = z.infer<typeof latestResponsesQuerySchema>;

/** A response as the dashboard lists it: who, where and when, never the answers. */
export const latestResponseSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  calloutId: z.string(),
  calloutTitle: z.string(),
  createdAt: z.string(),
  /** The contact's name (or address when they gave no name), the guest's name, or null when anonymous. */
  respondent: z.string().nullable(),
});
export type LatestResponse = z.infer<typeof latestResponseSchema>;

export const latestResponsesSchema = z.object({ items: z.array(latestResponseSchema) });
export type LatestResponses = z.infer<typeof latestResponsesSchema>;

/** Days after answering a callout within which a new membership counts as coming from it (decision 074). */
export const CONVERSION_WINDOW_DAYS = 30;
/** Most rows the conversion figures list. */
export const MAX_CONVERSION_ROWS = 100;
export const DEFAULT_CONVERSION_ROWS = 10;
export const conversionGroupings = ["callout", "source"] as const;
export type ConversionGrouping = (typeof conversionGroupings)[number];

/**
 * GET `/stats/callout-conversions`: the period as for `/stats`, grouped per callout
 * (default) or per `utm_source` of the answers, the rows with the most answers first.
 */
export const conversionStatsQuerySchema = z
  .object({
    from: statsDateSchema,
    to: statsDateSchema,
    by: z.enum(conversionGroupings).default("callout"),
    limit: z.coerce.number().int().min(1).max(MAX_CONVERSION_ROWS).default(DEFAULT_CONVERSION_ROWS),
  })
  .strict()
  .refine((query) => !isEmptyRange(statsRange(query)), { message: "from must not be after to", path: ["to"] });
export type ConversionStatsQuery = z.infer<typeof conversionStatsQuerySchema>;

const conversionFigures = {
  /** Responses given in the period. */
  answers: z.number().int().min(0),
  /**
   * Contacts whose first answer (to that callout) was given in the period and whose
   * membership started after it, within `windowDays`.
   */
  members: z.number().int().min(0),
};

export const calloutConversionSchema = z.object({
  calloutId: z.uuid(),
  calloutSlug: z.string(),
  calloutTitle: z.string(),
  ...conversionFigures,
});
export type CalloutConversion = z.infer<typeof calloutConversionSchema>;

/** `source` is the answers' `utm_source`; null for answers given without one. */
export const sourceConversionSchema = z.object({ source: z.string().nullable(), ...conversionFigures });
export type SourceConversion = z.infer<typeof sourceConversionSchema>;

export const conversionStatsSchema = z.discriminatedUnion("by", [
  z.object({
    by: z.literal("callout"),
    windowDays: z.number().int(),
    items: z.array(calloutConversionSchema),
  }),
  z.object({ by: z.literal("source"), windowDays: z.number().int(), items: z.array(sourceConversionSchema) }),
]);
export type ConversionStats = z.infer<typeof conversionStatsSchema>;
