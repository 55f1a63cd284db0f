import { randomBytes, timingSafeEqual } from "node:crypto";
import type { ApiKey, CreateApiKey } from "@cohort/common/api-keys";
import { API_KEY_ID_BYTES, API_KEY_LAST_USED_INTERVAL_MS, API_KEY_SECRET_BYTES } from "@cohort/common/api-keys";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import { hashToken } from "../auth/service.js";
import { presentContact } from "../contacts/presenter.js";
import { findRolesOf } from "../contacts/records/service.js";
import { createdOf, recordActivity } from "../activity/service.js";
import * as queries from "./queries.js";

const TOKEN_PATTERN = /^([0-9a-f]{16})_([0-9a-f]{48})$/;

/** Creates a key and returns its token; only a hash of the secret is kept. */
export async function createApiKey(ctx: AppContext, creatorId: string, input: CreateApiKey): Promise<string> {
  const now = ctx.clock.now();
  const expires = input.expires ? new Date(input.expires) : null;
  if (expires && expires <= now) {
    throw invalidField("expires", { key: "validation.dateInFuture" }, { rule: "min" });
  }
  const id = randomBytes(API_KEY_ID_BYTES).toString("hex");
  const secret = randomBytes(API_KEY_SECRET_BYTES).toString("hex");
  await queries.insertApiKey(ctx.db, {
    id,
    secretHash: hashToken(secret),
    description: input.description,
    expires,
    creatorId,
    createdAt: now,
  });
  await recordActivity(ctx, {
    kind: "api-key.create",
    target: id,
    changes: createdOf({ description: input.description, expires }),
  });
  return `${id}_${secret}`;
}

/** The key behind a bearer token, when the token is well-formed, known and unexpired. */
export async function verifyApiKeyToken(ctx: AppContext, token: string): Promise<queries.ApiKeyRow | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const key = await queries.findApiKey(ctx.db, match[1]!);
  if (!key) return null;
  const given = Buffer.from(hashToken(match[2]!), "hex");
  const stored = Buffer.from(key.secretHash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  const now = ctx.clock.now();
  if (key.expires && key.expires <= now) return null;
  await noteApiKeyUse(ctx, key, now);
  return key;
}

/**
 * Records that a key was used. Within a minute of the last record nothing is
 * written; the conditional update also keeps parallel requests to one write.
 */
async function noteApiKeyUse(ctx: AppContext, key: queries.ApiKeyRow, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - API_KEY_LAST_USED_INTERVAL_MS);
  if (key.lastUsed && key.lastUsed > staleBefore) return;
  await queries.touchApiKey(ctx.db, key.id, now, staleBefore);
}

export async function listApiKeys(
  ctx: AppContext,
  page: { limit: number; offset: number; sort: "createdAt" | "expires"; order: "ASC" | "DESC" },
): Promise<{ items: ApiKey[]; total: number; offset: number; count: number }> {
  const { items, total } = await queries.listApiKeys(ctx.db, page);
  const now = ctx.clock.now();
  const creatorIds = [...new Set(items.flatMap(({ creator }) => (creator ? [creator.id] : [])))];
  const rolesOf = await findRolesOf(ctx, creatorIds);
  const presented = items.map(({ key, creator }) => ({
    id: key.id,
    description: key.description,
    expires: key.expires?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    lastUsed: key.lastUsed?.toISOString() ?? null,
    creator: creator
      ? presentContact(
          { contact: creator, roles: rolesOf.get(creator.id) ?? [] },
          { with: [], isAdminViewer: true, now },
        )
      : null,
  }));
  return { items: presented, total, offset: page.offset, count: presented.length };
}

export async function deleteApiKey(ctx: AppContext, id: string): Promise<void> {
  if (!(await queries.deleteApiKey(ctx.db, id))) throw notFound("No API key with that id");
  await recordActivity(ctx, { kind: "api-key.delete", target: id });
}
