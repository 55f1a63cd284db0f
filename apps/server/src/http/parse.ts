import type { z } from "zod";
import type { FieldError } from "@cohort/common/errors";
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
  throw invalidRequest(details, where);
}

function invalidRequest(details: FieldError[], where: string): AppError {
  return new AppError("invalid-request", {
    status: 400,
    message: `Invalid ${where}, check 'errors' property for more info.`,
    details,
  });
}

/**
 * A 400 for one field that the schema cannot judge alone (it needs the
 * database or the stored settings), answered like a schema failure.
 */
export function invalidField(property: string, message: string, where = "body"): AppError {
  return invalidRequest([{ property, constraints: { custom: message }, children: [] }], where);
}
