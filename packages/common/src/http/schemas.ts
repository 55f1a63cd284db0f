import { z } from "zod";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  sortOrders,
} from "./constants.js";

/** The `Idempotency-Key` request header, optional; every other header passes through untouched. */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, { message: `At most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` })
    .regex(IDEMPOTENCY_KEY_PATTERN, { message: "Printable characters without spaces only" })
    .optional(),
});

/**
 * `with` may arrive as `with=a&with=b`, `with[]=a` or a single value;
 * normalise it into a list of known options.
 */
export function withOptionsSchema<T extends readonly [string, ...string[]]>(options: T) {
  return z
    .union([z.enum(options), z.array(z.enum(options))])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
}

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    offset: z.number().int(),
    count: z.number().int(),
  });
}

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  order: z.enum(sortOrders).default("ASC"),
});
