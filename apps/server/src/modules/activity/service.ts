import {
  ACTIVITY_HIDDEN_VALUE,
  ACTIVITY_MAX_IDS,
  ACTIVITY_MAX_VALUE_LENGTH,
  superadminActivityKinds,
  type ActivityChange,
  type ActivityEntry,
  type ActivityKind,
  type ActivityList,
  type ActivityValue,
  type ListActivityQuery,
} from "@cohort/common/activity";
import { displayName } from "@cohort/common/contacts";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import * as queries from "./queries.js";

/** What one staff action was about; who did it and when come from the context. */
export interface ActivityRecord {
  kind: ActivityKind;
  /** The contact the action was about. */
  contactId?: string | null | undefined;
  /** A callout's slug, a settings section, a key's or a webhook endpoint's id. */
  target?: string | null | undefined;
  /** How many records a bulk action, an import or an export touched. */
  count?: number | null | undefined;
  /** The ids a bulk action touched; only the first ACTIVITY_MAX_IDS are kept. */
  ids?: readonly string[] | undefined;
  /** Fields before and after; build them with `changesOf` or `createdOf` so secrets stay out. */
  changes?: Record<string, ActivityChange> | undefined;
}

/**
 * Records a change made by staff (an admin, a superadmin or an API key) in
 * the activity record (decision 070). Changes made by members, guests and
 * jobs are not staff actions and record nothing. Call it after the change,
 * with the request's context and not inside the change's transaction: a
 * failure to record is logged and never fails the action.
 */
export async function recordActivity(ctx: AppContext, record: ActivityRecord): Promise<void> {
  const actor = ctx.actor;
  if (!actor?.isStaff) return;
  try {
    await queries.insertActivity(ctx.db, {
      id: ctx.newId(),
      at: ctx.clock.now(),
      kind: record.kind,
      actorContactId: actor.contactId,
      actorApiKeyId: actor.apiKeyId,
      contactId: record.contactId ?? null,
      target: record.target ? cut(record.target) : null,
      count: record.count ?? null,
      ids: (record.ids ?? []).slice(0, ACTIVITY_MAX_IDS),
      changes: record.changes ?? {},
    });
  } catch (error) {
    ctx.log.error({ err: error, activityKind: record.kind }, "a staff action could not be recorded");
  }
}

/** Field names whose values are never recorded, only that they changed. */
const SECRET_FIELD = /password|secret|token|key$|hash|credential|signature/i;

function cut(value: string): string {
  return value.length > ACTIVITY_MAX_VALUE_LENGTH ? `${value.slice(0, ACTIVITY_MAX_VALUE_LENGTH - 1)}…` : value;
}

/** A value as the record keeps it: secrets hidden, long texts cut, objects as cut JSON. */
function recorded(field: string, value: unknown): ActivityValue {
  if (value === undefined || value === null) return null;
  if (SECRET_FIELD.test(field)) return ACTIVITY_HIDDEN_VALUE;
  if (typeof value === "string") return cut(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((item) => typeof item === "string" || typeof item === "number")) {
    return value.slice(0, 100).map((item) => (typeof item === "string" ? cut(item) : item));
  }
  return cut(JSON.stringify(value));
}

function same(a: ActivityValue, b: ActivityValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields of `after` whose recorded value differs from `before`, each with
 * both values. `fields` limits the comparison (and keeps answers and other
 * values that must never be recorded out).
 */
export function changesOf(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
  fields: readonly string[] = Object.keys(after),
): Record<string, ActivityChange> {
  const changes: Record<string, ActivityChange> = {};
  for (const field of fields) {
    // A field left out (or sent as undefined) did not change.
    if (after[field] === undefined) continue;
    if (SECRET_FIELD.test(field)) {
      // That a secret was set or changed, never its value (nor whether it is the same as before).
      changes[field] = { before: before ? ACTIVITY_HIDDEN_VALUE : null, after: ACTIVITY_HIDDEN_VALUE };
      continue;
    }
    const change = { before: recorded(field, before?.[field]), after: recorded(field, after[field]) };
    if (!same(change.before, change.after)) changes[field] = change;
  }
  return changes;
}

/** The fields of something created (or, swapped, deleted): nothing before, each value after. */
export function createdOf(after: Record<string, unknown>, fields?: readonly string[]): Record<string, ActivityChange> {
  return changesOf(null, after, fields);
}

/** The fields of something removed: each value before, nothing after. */
export function removedOf(before: Record<string, unknown>, fields?: readonly string[]): Record<string, ActivityChange> {
  return Object.fromEntries(
    Object.entries(createdOf(before, fields)).map(([field, change]) => [field, { before: change.after, after: null }]),
  );
}

/** The filter an export was asked for, as a recorded change (none: everything). */
export function filterOf(rules: unknown): Record<string, ActivityChange> {
  return rules === undefined || rules === null ? {} : createdOf({ rules });
}

function nameOf(contact: { firstname: string; lastname: string; email: string } | null): string | null {
  return contact ? displayName(contact) : null;
}

/**
 * A page of the activity record. Admins see everything but settings, API key
 * and webhook changes, which only superadmins see (an API key never is one).
 */
export async function listActivity(
  ctx: AppContext,
  identity: Identity,
  query: ListActivityQuery,
): Promise<ActivityList> {
  const isSuperadmin = identity.method === "user" && identity.roles.includes("superadmin");
  const { rows, total } = await queries.findActivityPage(
    ctx.db,
    {
      actorContactId: query.actorId,
      actorApiKeyId: query.apiKeyId,
      kind: query.kind,
      contactId: query.contactId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      hiddenKinds: isSuperadmin ? [] : superadminActivityKinds,
    },
    query,
  );
  const items = rows.map(({ entry, actor, subject, apiKeyDescription }): ActivityEntry => ({
    id: entry.id,
    at: entry.at.toISOString(),
    kind: entry.kind,
    actor: entry.actorContactId
      ? { type: "contact", id: entry.actorContactId, name: nameOf(actor) }
      : entry.actorApiKeyId
        ? { type: "api-key", id: entry.actorApiKeyId, name: apiKeyDescription }
        : null,
    contact: entry.contactId ? { id: entry.contactId, name: nameOf(subject) } : null,
    target: entry.target,
    count: entry.count,
    ids: entry.ids,
    changes: entry.changes,
  }));
  return { items, total, offset: query.offset, count: items.length };
}

/**
 * Records a change to a webhook endpoint (for superadmins only): its fields
 * before and after, its signing secret hidden. `before` is null for a new
 * endpoint, `after` null for a removed one.
 */
export async function recordWebhookChange(
  ctx: AppContext,
  endpointId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  const kind = before === null ? "webhook.create" : after === null ? "webhook.delete" : "webhook.update";
  // A removed endpoint is recorded with the address it had, so the entry still says which one it was.
  const changes = after === null ? removedOf(before ?? {}, ["url", "description", "events"]) : changesOf(before, after);
  await recordActivity(ctx, { kind, target: endpointId, changes });
}
