import { createHmac, randomBytes } from "node:crypto";

/** Bytes of a new signing secret (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 32;
const SECRET_PREFIX = "whsec_";

/** A new signing secret in the form the Standard Webhooks libraries read: `whsec_` and base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/**
 * The `webhook-signature` header of a message, per the Standard Webhooks
 * specification: HMAC-SHA256 over `<id>.<timestamp>.<body>` with the secret's
 * bytes, in base64, after the version `v1,`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const digest = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${digest}`;
}
