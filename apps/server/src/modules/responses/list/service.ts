import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { MapResponse } from "@cohort/common/callouts";
import {
  MAP_RESPONSE_LIMIT,
  calloutResponseFilterFields,
  calloutStatus,
  mapResponseListSchema,
} from "@cohort/common/callouts";
import type { FilterFields, RuleGroup } from "@cohort/common/filters";
import type { AppContext } from "../../../context.js";
import { compileRuleGroup } from "../../../filters/sql.js";
import { validateRulesOr400 } from "../../../filters/validate.js";
import type { Identity } from "../../../http/auth.js";
import { notFound } from "../../../http/errors.js";
import { serializeAs } from "../../../http/serialized.js";
import { FeedPage, mapFeedCacheOf } from "../map-feed-cache.js";
import { mapResponsePresenter } from "../presenter.js";
import * as queries from "./queries.js";
import { findCallout } from "../service.js";

const { id, calloutId, contact, assignee, createdAt, updatedAt, bucket, answers } = calloutResponseFilterFields;
/** The base response filters this list answers (`tags` comes with response tags). */
const listFilterFields = { id, calloutId, contact, assignee, createdAt, updatedAt, bucket, answers } as const;
/**
 * What the public map may be filtered on: nothing that tells who answered or
 * lets a visitor probe the answers kept for admins.
 */
const publicMapFilterFields = { id, createdAt, updatedAt, bucket } as const;

function rulesCondition(
  ctx: AppContext,
  rules: RuleGroup | undefined,
  fields: FilterFields,
  callerId: string | undefined,
): SQL | undefined {
  if (!rules) return undefined;
  const validated = validateRulesOr400(rules, fields, { now: ctx.clock.now(), contactId: callerId });
  return compileRuleGroup(validated, queries.responseFilterSql);
}

const isAdmin = (identity: Identity) => identity.roles.includes("admin");

export interface MapQuery {
  rules?: RuleGroup | undefined;
  sort?: "number" | "createdAt" | "updatedAt" | undefined;
  order?: unknown;
  offset?: number | undefined;
}

export interface MapFeedPage {
  items: MapResponse[];
  total: number;
  offset: number;
  count: number;
}

/**
 * The public map and gallery feed (reference section 7.6, quirks fixed):
 * only callouts that show responses, and only once published; visitors see
 * the responses in the public buckets (none when the list is empty), admins
 * every bucket. Pages of `MAP_RESPONSE_LIMIT` from `offset` (decision 035).
 * Returns the page as JSON text: pages without filter rules come from the
 * feed cache while the callout's responses are unchanged.
 */
export async function mapResponsesPage(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  query: MapQuery,
): Promise<FeedPage> {
  const callout = await findCallout(ctx, idOrSlug);
  const view = callout.responseViewSchema;
  const admin = isAdmin(identity);
  const status = calloutStatus(callout.starts, callout.expires, ctx.clock.now());
  if (!view || (!admin && (status === "draft" || status === "scheduled"))) {
    throw notFound("This callout shows no responses");
  }
  const offset = query.offset ?? 0;
  const sort = query.sort ?? "number";
  const order = query.order === "DESC" ? "DESC" : "ASC";
  const rules = admin
    ? rulesCondition(ctx, query.rules, listFilterFields, identity.contact?.id)
    : rulesCondition(ctx, query.rules, publicMapFilterFields, undefined);
  if (!admin && view.buckets.length === 0) {
    return new FeedPage(JSON.stringify({ items: [], total: 0, offset, count: 0 }));
  }
  const cacheable = !query.rules;
  const cache = mapFeedCacheOf(ctx.db);
  const key = JSON.stringify([callout.id, admin ? null : [...view.buckets].sort(), sort, order, offset]);
  const version = cacheable
    ? `${await queries.mapFeedVersion(ctx.db, callout.id)}:${settingsDigest(callout.formSchema, view)}`
    : "";
  const cached = cacheable ? cache.get(key, version) : undefined;
  if (cached !== undefined) return cached;

  const where = queries.responseScope({ calloutId: callout.id, rules, ...(admin ? {} : { buckets: view.buckets }) });
  const { rows, total } = await queries.findMapResponses(ctx.db, {
    where,
    sort,
    order,
    limit: MAP_RESPONSE_LIMIT,
    offset,
  });
  const present = mapResponsePresenter(callout.formSchema, view);
  const items = rows.map(present);
  const page: MapFeedPage = { items, total, offset, count: items.length };
  // Through the wire schema, as a serialiser would: it also leaves out `__proto__` keys of answers.
  const body = new FeedPage(serializeAs(mapResponseListSchema, page));
  if (cacheable) cache.set(key, version, body);
  return body;
}

/** A short digest of the settings the feed is shaped by, so that changing them shows at once. */
function settingsDigest(form: unknown, view: unknown): string {
  return createHash("sha1")
    .update(JSON.stringify([form, view]))
    .digest("base64url");
}
