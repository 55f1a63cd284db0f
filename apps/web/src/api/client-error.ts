import type { ClientErrorName, ErrorCode, FieldError } from "@cohort/common/errors";
import { clientErrorName, errorCodes } from "@cohort/common/errors";
import { isRecord } from "./read-body";

const UNKNOWN_ERROR = "Unknown error";

type ErrorBodyParts = { message?: string; code?: string; subCode?: string; errors?: FieldError[] };

/** Every failed API call surfaces as one of these. */
export class ClientError extends Error {
  override readonly name: ClientErrorName;
  readonly httpCode: number;
  /** Stable error code from the server, when it sent one. */
  readonly code: string | undefined;
  /** Narrows `code`, e.g. why a callout response was refused. */
  readonly subCode: string | undefined;
  /** Field errors of a rejected request body. */
  readonly errors: FieldError[];

  constructor(httpCode: number, body?: ErrorBodyParts) {
    super(body?.message || UNKNOWN_ERROR);
    this.name = clientErrorName(httpCode);
    this.httpCode = httpCode;
    this.code = body?.code;
    this.subCode = body?.subCode;
    this.errors = body?.errors ?? [];
  }

  /** Builds the error from whatever the server answered; a missing or odd body is tolerated. */
  static fromResponse(httpCode: number, rawBody: unknown): ClientError {
    return new ClientError(httpCode, readErrorBody(rawBody));
  }
}

function readFieldError(value: unknown): FieldError | null {
  if (!isRecord(value) || typeof value.property !== "string" || !isRecord(value.constraints)) return null;
  const constraints = Object.entries(value.constraints).filter((entry): entry is [string, string] => {
    return typeof entry[1] === "string";
  });
  const children = Array.isArray(value.children) ? (value.children as unknown[]) : [];
  const { key, params } = value;
  return {
    property: value.property,
    constraints: Object.fromEntries(constraints),
    children,
    ...(typeof key === "string" && { key }),
    ...(isRecord(params) && { params: params as Record<string, string | number> }),
  };
}

/**
 * The parts of an error body the app uses, each kept only when it has the
 * right type. Checked by hand rather than with the zod schema, which every
 * page would otherwise download for this alone.
 */
function readErrorBody(rawBody: unknown): ErrorBodyParts | undefined {
  if (!isRecord(rawBody)) return undefined;
  const { message, code, subCode, errors } = rawBody;
  return {
    ...(typeof message === "string" && { message }),
    ...(typeof code === "string" && { code }),
    ...(typeof subCode === "string" && { subCode }),
    ...(Array.isArray(errors) && { errors: errors.map(readFieldError).filter((error) => error !== null) }),
  };
}

export function isClientError(error: unknown): error is ClientError {
  return error instanceof ClientError;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && (errorCodes as readonly string[]).includes(code);
}

/** The error code of a failure, when it is one the app knows. */
export function knownErrorCode(error: unknown): ErrorCode | undefined {
  return isClientError(error) && isErrorCode(error.code) ? error.code : undefined;
}
