import { z } from "zod";
import { sortOrders } from "./constants.js";

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
