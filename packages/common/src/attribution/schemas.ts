import { z } from "zod";
import { message } from "../validation/index.js";
import { ATTRIBUTION_MAX_LENGTH, isAttributionValue } from "./rules.js";

const attributionValueSchema = z
  .string()
  .trim()
  .max(ATTRIBUTION_MAX_LENGTH, { message: message("validation.tooLong", { max: ATTRIBUTION_MAX_LENGTH }) })
  .refine(isAttributionValue, { message: message("validation.invalid") });

/**
 * The campaign fields sent with an answer or a join (decision 074); unknown
 * keys are refused, as everywhere.
 */
export const attributionSchema = z
  .object({
    utmSource: attributionValueSchema.optional(),
    utmMedium: attributionValueSchema.optional(),
    utmCampaign: attributionValueSchema.optional(),
    ref: attributionValueSchema.optional(),
  })
  .strict();

/** The campaign fields as responses and contacts show them to staff: only those kept. */
export const attributionOutputSchema = z.object({
  utmSource: z.string().optional(),
  utmMedium: z.string().optional(),
  utmCampaign: z.string().optional(),
  ref: z.string().optional(),
});
