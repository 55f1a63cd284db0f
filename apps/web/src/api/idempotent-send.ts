import { IDEMPOTENCY_KEY_HEADER } from "@cohort/common/http";
import { apiSend, type RequestOptions } from "./client";
import { isClientError } from "./client-error";

/** Waits before each automatic retry of a submission; one retry per entry. */
const RETRY_DELAYS_MS = [500, 1500];

/**
 * A fresh key for one submission of a form. `crypto.randomUUID` needs a
 * secure context (HTTPS or localhost); elsewhere random bytes make the key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A failure worth trying again: the request may not have arrived, or the server was briefly away. */
function isTransient(error: unknown): boolean {
  if (error instanceof DOMException && error.name === "AbortError") return false;
  if (error instanceof TypeError) return true;
  return isClientError(error) && [502, 503, 504].includes(error.httpCode);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a submission with its `Idempotency-Key` and, when the connection
 * fails or the server is briefly away, sends it again with the same key: the
 * server then answers with the first result instead of saving it twice.
 */
export async function sendOnce(
  method: "POST" | "PUT" | "PATCH",
  path: string,
  body: unknown,
  idempotencyKey: string,
  options: Omit<RequestOptions, "body" | "headers"> = {},
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<unknown> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiSend(method, path, body, { ...options, headers });
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      await wait(delay);
    }
  }
}
