import type { z } from "zod";
import { AppError } from "./errors.js";

/**
 * Checks a value against a schema inside a handler, for bodies whose schema
 * depends on the query. Failures answer exactly like route validation does.
 */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, where = "body"): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    property: issue.path.map(String).join("."),
    constraints: { [issue.code]: issue.message },
    children: [],
  }));
  throw new AppError("invalid-request", {
    status: 400,
    message: `Invalid ${where}, check 'errors' property for more info.`,
    details,
  });
}
