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
  /** The sample callouts, and the responses they hold (with their files, tags and comments). */
  callouts: z.number().int(),
  responses: z.number().int(),
});
export type SampleDataSummary = z.infer<typeof sampleDataSummarySchema>;

/** The sample callouts: one open with a map and gallery around Bristol, one ended. */
export const SAMPLE_OPEN_CALLOUT_RESPONSES = 300;
export const SAMPLE_ENDED_CALLOUT_RESPONSES = 40;
/** Bristol's centre, `[longitude, latitude]`: every sample address lies within `SAMPLE_CITY_RADIUS_KM` of it. */
export const SAMPLE_CITY_CENTER: readonly [number, number] = [-2.5879, 51.4545];
export const SAMPLE_CITY_RADIUS_KM = 5;
