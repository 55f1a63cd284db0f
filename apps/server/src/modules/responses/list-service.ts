import type { SQL } from "drizzle-orm";
import type { MapResponse } from "@cohort/common/callouts";
import { MAP_RESPONSE_LIMIT, calloutResponseFilterFields, calloutStatus } from "@cohort/common/callouts";
import type { FilterFields, RuleGroup } from "@cohort/common/filters";
import type { AppContext } from "../../context.js";
import { compileRuleGroup } from "../../filters/sql.js";
import { validateRulesOr400 } from "../../filters/validate.js";
import type { Identity } from "../../http/auth.js";
import { notFound } from "../../http/errors.js";
import { mapResponsePresenter } from "./presenter.js";
import * as queries from "./list-queries.js";
import { findCallout } from "./service.js";

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
}

/**
 * The public map and gallery feed (reference section 7.6, quirks fixed):
 * only callouts that show responses, and only once published; visitors see
 * the responses in the public buckets (none when the list is empty), admins
 * every bucket.
 */
export async function listMapResponses(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  query: MapQuery,
): Promise<{ items: MapResponse[]; total: number; offset: number; count: number }> {
  const callout = await findCallout(ctx, idOrSlug);
  const view = callout.responseViewSchema;
  const admin = isAdmin(identity);
  const status = calloutStatus(callout.starts, callout.expires, ctx.clock.now());
  if (!view || (!admin && (status === "draft" || status === "scheduled"))) {
    throw notFound("This callout shows no responses");
  }
  const rules = admin
    ? rulesCondition(ctx, query.rules, listFilterFields, identity.contact?.id)
    : rulesCondition(ctx, query.rules, publicMapFilterFields, undefined);
  if (!admin && view.buckets.length === 0) return { items: [], total: 0, offset: 0, count: 0 };
  const where = queries.responseScope({ calloutId: callout.id, rules, ...(admin ? {} : { buckets: view.buckets }) });
  const { rows, total } = await queries.findMapResponses(ctx.db, {
    where,
    sort: query.sort ?? "number",
    order: query.order === "DESC" ? "DESC" : "ASC",
    limit: MAP_RESPONSE_LIMIT,
  });
  const present = mapResponsePresenter(callout.formSchema, view);
  const items = rows.map(present);
  return { items, total, offset: 0, count: items.length };
}
