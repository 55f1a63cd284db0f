import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorCode, FieldError } from "@cohort/common/errors";
import { errorNameForStatus } from "@cohort/common/errors";
import type { MessageRef } from "@cohort/common/validation";
import { messageText, readMessage } from "@cohort/common/validation";
import type { ErrorReporter } from "../lib/error-reporting.js";
import type { Access } from "./auth.js";

/** The one error type services throw; it carries everything the client sees. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: FieldError[] | undefined;
  /** Narrows `code` for the client, e.g. why a callout response was refused. */
  readonly subCode: string | undefined;

  constructor(
    code: ErrorCode,
    options: { status: number; message?: string; details?: FieldError[]; subCode?: string },
  ) {
    super(options.message ?? code);
    this.name = "AppError";
    this.code = code;
    this.status = options.status;
    this.details = options.details;
    this.subCode = options.subCode;
  }
}

export const notFound = (message = "Not found") => new AppError("not-found", { status: 404, message });
export const notAuthenticated = () =>
  new AppError("not-authenticated", { status: 401, message: "You need to log in to do that." });
export const forbidden = () => new AppError("forbidden", { status: 403, message: "You don't have access to that." });

export function errorBody(
  status: number,
  code: ErrorCode,
  message: string,
  errors?: FieldError[],
  subCode?: string,
): ErrorBody {
  return {
    httpCode: status,
    name: errorNameForStatus(status),
    code,
    message,
    ...(subCode ? { subCode } : {}),
    ...(errors ? { errors } : {}),
  };
}

/**
 * One field error: `constraints` holds the English text under the rule's name,
 * as the reference API reports it; a keyed message also gives its key and
 * values, so that clients translate it by key.
 */
export function fieldError(property: string, rule: string, problem: string | MessageRef): FieldError {
  const ref = typeof problem === "string" ? readMessage(problem) : problem;
  const text = ref ? messageText(ref) : (problem as string);
  return {
    property,
    constraints: { [rule]: text },
    children: [],
    ...(ref ? { key: ref.key, ...(ref.params ? { params: ref.params } : {}) } : {}),
  };
}

function fieldErrorsFromValidation(
  issues: ReadonlyArray<{ instancePath?: string; message?: string; keyword?: string; params?: unknown }>,
): FieldError[] {
  return issues.flatMap((issue) => {
    const path = (issue.instancePath ?? "").split("/").filter(Boolean);
    const message = issue.message ?? "Invalid value";
    if (issue.keyword === "unrecognized_keys") {
      const keys = (issue.params as { keys?: string[] } | undefined)?.keys ?? [];
      return keys.map((key) => ({
        property: [...path, key].join("."),
        constraints: { whitelistValidation: `property ${key} should not exist` },
        children: [],
      }));
    }
    return [fieldError(path.join("."), issue.keyword ?? "invalid", message)];
  });
}

/**
 * The generic error codes every route of an access level may answer with, by status: the
 * answers of the steps every request goes through before its handler (decision 082).
 */
export function genericErrors(level: Access, method: string): Record<number, string[]> {
  const errors: Record<number, string[]> = {};
  const add = (status: number, code: string) => (errors[status] ??= []).push(code);
  // The input guard refuses text no field may hold in any part of any request, the query included.
  add(400, "invalid-request");
  if (["POST", "PUT", "PATCH"].includes(method)) {
    add(400, "invalid-json");
    add(400, "body-required");
    add(413, "payload-too-large");
    add(415, "unsupported-media-type");
  }
  if (level === "user" || level === "contact") add(401, "not-authenticated");
  // Also an API key naming in X-Contact-Id a contact it may not act as, on any route (decision 017).
  add(403, "forbidden");
  if (["POST", "PUT", "PATCH", "DELETE"].includes(method)) add(403, "missing-requested-with");
  add(429, "too-many-requests");
  return errors;
}

/**
 * Notes an error a route answered with that its declared `config.errors` do not list
 * (decisions 076, 082), so the description cannot quietly fall behind the code. Every route
 * with an access level declares its errors; answers outside a route (no route matched) and
 * 5xx are not checked.
 */
function noteUndeclared(app: FastifyInstance, request: FastifyRequest, status: number, code: ErrorCode): void {
  const { config } = request.routeOptions;
  if (!config.access || status >= 500) return;
  if (config.errors?.[status]?.includes(code)) return;
  // The generic codes the description gives the route, from the same list.
  if (genericErrors(config.access, request.method)[status]?.includes(code)) return;
  const entry = `${request.method} ${request.routeOptions.url ?? request.url} ${status} ${code}`;
  if (app.undeclaredErrors.has(entry)) return;
  app.undeclaredErrors.add(entry);
  request.log.warn({ undeclared: entry }, "a route answered with an error code its description does not list");
}

/** Maps every failure to the error body of spec section 8; nothing internal leaks. */
export function registerErrorHandling(app: FastifyInstance, reporter?: Promise<ErrorReporter>): void {
  app.decorate("undeclaredErrors", new Set<string>());
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const answer = (status: number, code: ErrorCode, message: string, details?: FieldError[], subCode?: string) => {
      noteUndeclared(app, request, status, code);
      return reply.status(status).send(errorBody(status, code, message, details, subCode));
    };
    if (error instanceof AppError) {
      // A service that cannot do its part (a payment provider out of reach): say why in the log,
      // and to the people running the site, who can do something about it.
      if (error.status >= 500) {
        request.log.warn({ err: error.cause ?? error, reqId: request.id }, error.message);
        void reporter?.then((errors) => errors.capture(error, request));
      }
      return answer(error.status, error.code, error.message, error.details, error.subCode);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      const errors = fieldErrorsFromValidation(error.validation);
      return answer(400, "invalid-request", `Invalid ${where}, check 'errors' property for more info.`, errors);
    }
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return answer(400, "invalid-json", "The request body is not valid JSON.");
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return answer(400, "body-required", "A request body is required.");
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return answer(415, "unsupported-media-type", "Send the request body as application/json.");
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return answer(413, "payload-too-large", "The request body is too large.");
    }
    if (status === 429) return answer(429, "too-many-requests", "Too many requests, please wait a moment.");
    if (status >= 400 && status < 500) return answer(status, "invalid-request", error.message);
    request.log.error({ err: error, reqId: request.id }, "unhandled error");
    void reporter?.then((errors) => errors.capture(error, request));
    return reply
      .status(500)
      .send(errorBody(500, "internal-error", `Something went wrong on our side (reference ${request.id}).`));
  });
}

/**
 * Errors the router raises before any route or hook runs (a path that is not
 * valid percent-encoding, a path parameter over `maxParamLength`), answered in
 * the same body as every other error.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  const message = status === 414 ? "The address is too long." : "The address is not valid.";
  void reply
    .status(status)
    .header("x-content-type-options", "nosniff")
    .send(errorBody(status, "invalid-request", message));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or
 * query string over the size limit, malformed request lines, timeouts): the
 * spec's error body, written straight to the socket.
 */
export function clientErrorHandler(
  error: Error & { code?: string },
  socket: Socket,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "The request took too long to arrive."]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "The request headers (or the address) are too large."]
        : [400, "The request is malformed."];
  const body = JSON.stringify(errorBody(status, "invalid-request", message));
  const extra = Object.entries({ "x-content-type-options": "nosniff", ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
