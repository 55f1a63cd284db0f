import { z } from "zod";
import { emailSchema, passwordSchema } from "../auth/index.js";
import { TEXT_LIMITS } from "../http/limits.js";
import { message } from "../validation/index.js";

export const setupStatusSchema = z.object({ required: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const setupSchema = z
  .object({
    token: z.string().min(1).max(TEXT_LIMITS.token),
    firstname: z
      .string()
      .trim()
      .min(1, { message: message("validation.firstnameRequired") })
      .max(TEXT_LIMITS.name),
    lastname: z
      .string()
      .trim()
      .min(1, { message: message("validation.lastnameRequired") })
      .max(TEXT_LIMITS.name),
    email: emailSchema,
    password: passwordSchema,
    sampleData: z.boolean().default(false),
  })
  .strict();
export type Setup = z.infer<typeof setupSchema>;

/** Marks everything the sample-data loader creates. */
export const SAMPLE_DATA_TAG = "Sample data";
export const SAMPLE_DATA_EMAIL_DOMAIN = "sample.cohort.invalid";
/** The description every tag the loader creates carries, so they can be told from the organisation's own. */
export const SAMPLE_DATA_TAG_DESCRIPTION = "Created by the sample data loader";

/** What the sample data has left in the database: what "Remove sample data" would delete. */
export const sampleDataSummarySchema = z.object({
  contacts: z.number().int(),
  payments: z.number().int(),
  tags: z.number().int(),
});
export type SampleDataSummary = z.infer<typeof sampleDataSummarySchema>;
