import { z } from "zod";

export const fieldErrorSchema = z.object({
  /** Dotted path of the offending field, e.g. `profile.deliveryAddress.line1`. */
  property: z.string(),
  /** Rule name to human-readable message, as the reference API reports them. */
  constraints: z.record(z.string(), z.string()),
  children: z.array(z.unknown()),
  /** Cohort's: the message's key in `validationMessages`, for clients to translate (absent for other texts). */
  key: z.string().optional(),
  /** Cohort's: the values the keyed message shows, e.g. `{ max: 100 }`. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every non-2xx API response. */
export const errorBodySchema = z.object({
  httpCode: z.number().int(),
  name: z.string(),
  code: z.string(),
  message: z.string(),
  /** Narrows `code`, e.g. why a callout response was refused. */
  subCode: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
