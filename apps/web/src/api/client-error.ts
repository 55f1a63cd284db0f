import type { ClientErrorName, ErrorCode, FieldError } from "@cohort/common/errors";
import { clientErrorName, errorBodySchema, errorCodes } from "@cohort/common/errors";

const UNKNOWN_ERROR = "Unknown error";

/** Every failed API call surfaces as one of these. */
export class ClientError extends Error {
  override readonly name: ClientErrorName;
  readonly httpCode: number;
  /** Stable error code from the server, when it sent one. */
  readonly code: string | undefined;
  /** Field errors of a rejected request body. */
  readonly errors: FieldError[];

  constructor(httpCode: number, body?: { message?: string; code?: string; errors?: FieldError[] }) {
    super(body?.message || UNKNOWN_ERROR);
    this.name = clientErrorName(httpCode);
    this.httpCode = httpCode;
    this.code = body?.code;
    this.errors = body?.errors ?? [];
  }

  /** Builds the error from whatever the server answered; a missing or odd body is tolerated. */
  static fromResponse(httpCode: number, rawBody: unknown): ClientError {
    const parsed = errorBodySchema.partial().safeParse(rawBody);
    return new ClientError(httpCode, parsed.success ? parsed.data : undefined);
  }
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
