import { summariseUserAgent, type ContactSession } from "@cohort/common/auth";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import * as queries from "./queries.js";
import { endOtherSessions } from "./service.js";

/** More than anyone is logged in at once; the oldest beyond it are not listed (they can still be ended all at once). */
const LISTED_SESSIONS = 100;

/**
 * Where a contact is logged in, most recently used first, the session of the
 * request marked. Sessions are named by their `ref`, never by the token's hash.
 */
export async function listOwnSessions(
  ctx: AppContext,
  contactId: string,
  currentSessionId: string | undefined,
): Promise<ContactSession[]> {
  const rows = await queries.listSessionsOfContact(ctx.db, contactId, ctx.clock.now(), LISTED_SESSIONS);
  return rows.map((row) => ({
    id: row.ref,
    ...summariseUserAgent(row.userAgent),
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the contact's own sessions. A session of someone else is
 * unknown here (404), exactly like one that does not exist. Answers whether
 * it was the session of the request.
 */
export async function endOwnSession(
  ctx: AppContext,
  contactId: string,
  ref: string,
  currentSessionId: string | undefined,
): Promise<{ wasCurrent: boolean }> {
  const ended = await queries.deleteSessionOfContact(ctx.db, contactId, ref);
  if (!ended) throw notFound("No session with that id");
  return { wasCurrent: ended === currentSessionId };
}

/** Ends every session of the contact but the one of the request. */
export function endOtherOwnSessions(ctx: AppContext, contactId: string, currentSessionId: string): Promise<number> {
  return endOtherSessions(ctx, contactId, currentSessionId);
}
