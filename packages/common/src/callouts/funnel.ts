import { z } from "zod";
import { ruleGroupQuerySchema } from "../filters/grammar.js";
import { SLIDE_ID_MAX_LENGTH } from "./constants.js";

/**
 * Where readers give up on a callout's form (decision 073): counters per
 * callout, stage and day, with nothing about who the reader was.
 */

/**
 * What the respond page reports, once per visit and stage: the page opened,
 * the first answer touched, a slide reached. Sending the form is counted by
 * the server as it saves the response, never reported by the browser.
 */
export const funnelReportStages = ["opened", "started", "slide"] as const;
export type FunnelReportStage = (typeof funnelReportStages)[number];

export const calloutFunnelReportSchema = z.discriminatedUnion("stage", [
  z.object({ stage: z.literal("opened") }).strict(),
  z.object({ stage: z.literal("started") }).strict(),
  z.object({ stage: z.literal("slide"), slideId: z.string().min(1).max(SLIDE_ID_MAX_LENGTH) }).strict(),
]);
export type CalloutFunnelReport = z.infer<typeof calloutFunnelReportSchema>;

/** The funnel follows the summary's filter as far as counters allow: its dates of creation. */
export const calloutFunnelQuerySchema = z.object({ rules: ruleGroupQuerySchema.optional() }).strict();

export const calloutFunnelSchema = z.object({
  /** Visits that opened the form. */
  opened: z.number().int(),
  /** Visits that touched a first answer. */
  started: z.number().int(),
  /** Visits that reached each slide after the first, in form order. */
  slides: z.array(z.object({ id: z.string(), title: z.string(), reached: z.number().int() })),
  /** Responses saved (by the server, from any page or client). */
  submitted: z.number().int(),
  /** The first and last day counted (UTC, `YYYY-MM-DD`), null while nothing is counted. */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
});
export type CalloutFunnel = z.infer<typeof calloutFunnelSchema>;
