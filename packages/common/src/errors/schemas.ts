import { z } from "zod";

export const fieldErrorSchema = z.object({
  /** Dotted path of the offending field, e.g. `profile.deliveryAddress.line1`. */
  property: z.string(),
  /** Rule name to human-readable message, as the reference API reports them. */
  constraints: z.record(z.string(), z.string()),
  children: z.array(z.unknown()),
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
