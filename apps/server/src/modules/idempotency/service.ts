import { createHash } from "node:crypto";
import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Identity } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import * as queries from "./queries.js";

/** How long a stored answer is given again for its key (decision 020). */
export const IDEMPOTENCY_KEY_LIFETIME = ONE_DAY;

const PRIMARY_KEY = "idempotency_keys_scope_key_pk";

/** A request sent with an `Idempotency-Key`. */
export interface KeyedRequest {
  /** The route and the caller: the same key from another caller or on another route is another key. */
  scope: string;
  key: string;
  /** Fingerprint of the request body. */
  requestHash: string;
}

/** An answer as it was first sent: its status and body (null for none). */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** JSON with object keys sorted, so that the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Who is asking, as part of a key's scope: a contact, an API key acting for nobody, or a visitor. */
function callerOf(identity: Identity): string {
  if (identity.contact) return `contact:${identity.contact.id}`;
  return identity.method === "api-key" ? "api-key" : "visitor";
}

/** The keyed request, or undefined when no key was sent. */
export function keyedRequest(
  key: string | undefined,
  route: string,
  identity: Identity,
  body: unknown,
): KeyedRequest | undefined {
  if (key === undefined) return undefined;
  return {
    scope: `${route} ${callerOf(identity)}`,
    key,
    requestHash: createHash("sha256").update(canonicalJson(body)).digest("hex"),
  };
}

const keyReused = () =>
  new AppError("idempotency-key-reused", {
    status: 422,
    message: "This Idempotency-Key was already used for a different request",
  });

/**
 * The answer stored for the key, if any. The same key with another body is
 * refused (422 `idempotency-key-reused`); an expired key is forgotten.
 */
export async function findStoredAnswer(ctx: AppContext, request: KeyedRequest): Promise<StoredAnswer | undefined> {
  const row = await queries.findKey(ctx.db, request.scope, request.key);
  if (!row) return undefined;
  const now = ctx.clock.now();
  if (row.expiresAt <= now) {
    await queries.deleteExpiredKey(ctx.db, request.scope, request.key, now);
    return undefined;
  }
  if (row.requestHash !== request.requestHash) throw keyReused();
  return { status: row.status, body: row.body };
}

/** The row that stores an answer; insert it in the transaction (or statement) that made the answer. */
export function answerRow(ctx: AppContext, request: KeyedRequest, answer: StoredAnswer) {
  const now = ctx.clock.now();
  return {
    ...request,
    status: answer.status,
    body: answer.body,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME),
  };
}

/** Stores an answer with `db`, the caller's open transaction. */
export async function storeAnswer(ctx: AppContext, db: Db, request: KeyedRequest, answer: StoredAnswer): Promise<void> {
  await queries.insertKey(db, answerRow(ctx, request, answer));
}

/** True for the error of storing a key that another request stored first. */
export function isKeyTaken(error: unknown): boolean {
  return isUniqueViolation(error, PRIMARY_KEY);
}

/**
 * The answer of the request that stored the key first, after this one lost
 * the race (`isKeyTaken`). On PostgreSQL the losing insert waited for the
 * winner's commit, so its answer is there to read.
 */
export async function winnersAnswer(ctx: AppContext, request: KeyedRequest): Promise<StoredAnswer> {
  const answer = await findStoredAnswer(ctx, request);
  if (!answer) throw new Error("the request that stored this idempotency key left no answer");
  return answer;
}

/** Removes every expired key; run now and then. */
export async function deleteExpiredKeys(ctx: AppContext): Promise<void> {
  await queries.deleteExpiredKeys(ctx.db, ctx.clock.now());
}

/**
 * The part of another module's statement that stores, with what it writes, the answers of the
 * keyed requests among its rows (decision 083): `key` holds the key's scope, key, request hash,
 * status and expiry as JSON (null for a request without a key), `body` and `createdAt` the rest.
 */
export function storeAnswersFrom(rows: SQL, key: SQL, body: SQL, createdAt: SQL): SQL {
  return queries.insertKeysFrom(rows, key, body, createdAt);
}
