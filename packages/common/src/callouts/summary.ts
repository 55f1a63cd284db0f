import { z } from "zod";
import type { FormComponent } from "../callout-form/model.js";
import { ruleGroupQuerySchema } from "../filters/grammar.js";

/**
 * The summary of a callout's answers (decision 072): one entry per input of
 * the form, in form order, over the responses the inbox's filters select.
 */

/** How each kind of input is summarised. */
export const summaryKinds = ["choice", "number", "date", "text", "address", "count"] as const;
export type SummaryKind = (typeof summaryKinds)[number];

/** The kind of summary a component gets. */
export function summaryKindOf(component: Pick<FormComponent, "type">): SummaryKind {
  switch (component.type) {
    case "radio":
    case "select":
    case "selectboxes":
    case "checkbox":
      return "choice";
    case "number":
    case "currency":
      return "number";
    case "datetime":
      return "date";
    case "textfield":
    case "textarea":
      return "text";
    case "address":
      return "address";
    default:
      return "count";
  }
}

/** How many words, phrases, recent answers and map points a summary lists at most. */
export const SUMMARY_TOP_WORDS = 15;
export const SUMMARY_TOP_PHRASES = 10;
export const SUMMARY_RECENT_ANSWERS = 5;
export const SUMMARY_MAP_POINTS = 1000;
/** Number and date distributions have at most this many buckets. */
export const SUMMARY_BUCKETS = 10;

const base = {
  /** `slideId.key`. */
  key: z.string(),
  type: z.string(),
  label: z.string(),
  /** Responses with an answer to this input. */
  answered: z.number().int(),
};

const bucketSchema = z.object({ from: z.number(), to: z.number(), count: z.number().int() });
const dateBucketSchema = z.object({ from: z.string(), to: z.string(), count: z.number().int() });
const countedTextSchema = z.object({ text: z.string(), count: z.number().int() });

export const choiceSummarySchema = z.object({
  ...base,
  kind: z.literal("choice"),
  /** Each option with how many responses chose it; a checkbox has `true` and `false`. */
  options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
});
export const numberSummarySchema = z.object({
  ...base,
  kind: z.literal("number"),
  currency: z.string().optional(),
  min: z.number().nullable(),
  median: z.number().nullable(),
  max: z.number().nullable(),
  buckets: z.array(bucketSchema),
});
export const dateSummarySchema = z.object({
  ...base,
  kind: z.literal("date"),
  min: z.string().nullable(),
  median: z.string().nullable(),
  max: z.string().nullable(),
  buckets: z.array(dateBucketSchema),
});
export const textSummarySchema = z.object({
  ...base,
  kind: z.literal("text"),
  words: z.array(countedTextSchema),
  phrases: z.array(countedTextSchema),
  recent: z.array(z.object({ number: z.number().int(), createdAt: z.string(), text: z.string() })),
});
export const addressSummarySchema = z.object({
  ...base,
  kind: z.literal("address"),
  /** Located answers, newest first, at most `SUMMARY_MAP_POINTS`. */
  points: z.array(z.object({ lat: z.number(), lng: z.number() })),
});
export const countSummarySchema = z.object({ ...base, kind: z.literal("count") });

export const componentSummarySchema = z.discriminatedUnion("kind", [
  choiceSummarySchema,
  numberSummarySchema,
  dateSummarySchema,
  textSummarySchema,
  addressSummarySchema,
  countSummarySchema,
]);
export type ComponentSummary = z.infer<typeof componentSummarySchema>;

export const responseSummarySchema = z.object({
  /** Responses the filters select. */
  total: z.number().int(),
  /** The language whose stop words were left out of the words and phrases. */
  locale: z.string(),
  components: z.array(componentSummarySchema),
});
export type ResponseSummary = z.infer<typeof responseSummarySchema>;

export const responseSummaryQuerySchema = z.object({ rules: ruleGroupQuerySchema.optional() }).strict();
export const responseSummaryCsvQuerySchema = z
  .object({
    rules: ruleGroupQuerySchema.optional(),
    /** One input's figures only (`slideId.key`). */
    key: z.string().min(1).max(400).optional(),
  })
  .strict();
