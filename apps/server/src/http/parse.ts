import type { z } from "zod";
import type { ErrorCode, FieldError } from "@cohort/common/errors";
import type { MessageRef } from "@cohort/common/validation";
import { messageText } from "@cohort/common/validation";
import { AppError, fieldError } from "./errors.js";

/**
 * Checks a value against a schema inside a handler, for bodies whose schema
 * depends on the query. Failures answer exactly like route validation does.
 */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, where = "body"): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) =>
    fieldError(issue.path.map(String).join("."), issue.code, issue.message),
  );
  throw invalidRequest(details, where);
}

const summaryOf = (where: string) => `Invalid ${where}, check 'errors' property for more info.`;

function invalidRequest(details: FieldError[], where: string): AppError {
  return new AppError("invalid-request", { status: 400, message: summaryOf(where), details });
}

interface InvalidFieldOptions {
  /** The rule's name in `constraints`; `custom` unless the reference API names it. */
  rule?: string;
  /** `invalid-request` unless the failure has a code of its own (`duplicate-email`). */
  code?: ErrorCode;
  /** The body's `message`: the field's own text unless given. */
  summary?: string;
  /** The English text in `constraints`, when it says more than the key's (a filter rule's problem). */
  text?: string;
}

/**
 * The one way to refuse a single field the schema cannot judge alone (it needs
 * the database, the clock or the stored settings): a 400 answered like a
 * schema failure, its message keyed so that clients can translate it.
 */
export function invalidField(property: string, problem: MessageRef, options: InvalidFieldOptions = {}): AppError {
  const detail = fieldError(property, options.rule ?? "custom", problem);
  if (options.text) detail.constraints = { [options.rule ?? "custom"]: options.text };
  return new AppError(options.code ?? "invalid-request", {
    status: 400,
    message: options.summary ?? options.text ?? messageText(problem),
    details: [detail],
  });
}

/** The body's `message` of a schema failure, for `invalidField` callers that answer alike. */
export const SCHEMA_SUMMARY = summaryOf("body");
