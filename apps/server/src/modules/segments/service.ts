import type { SQL } from "drizzle-orm";
import type { Contact, ListContactsQuery } from "@cohort/common/contacts";
import type { RuleGroup } from "@cohort/common/filters";
import type {
  CreateSegment,
  ListSegmentsQuery,
  Segment,
  SegmentWith,
  SegmentWithCount,
  UpdateSegment,
} from "@cohort/common/segments";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { grouped } from "../../filters/conditions.js";
import { AppError, notFound } from "../../http/errors.js";
import { contactRulesCondition, countContacts, listContacts } from "../contacts/list/service.js";
import * as queries from "./queries.js";
import { changesOf, createdOf, recordActivity, removedOf } from "../activity/service.js";

const segmentNotFound = () => notFound("No segment with that id");

const wantsCount = (query: { with: SegmentWith[]; "with[]": SegmentWith[] }) =>
  [...query.with, ...query["with[]"]].includes("contactCount");

/**
 * The contacts a segment's rules select, in parentheses so it can be ANDed
 * with anything. A rule the contact filters reject is a 400 `invalid-rule`.
 */
async function segmentCondition(ctx: AppContext, identity: Identity, ruleGroup: RuleGroup): Promise<SQL> {
  return grouped(await contactRulesCondition(ctx, ruleGroup, identity.contact?.id));
}

/**
 * How many contacts a stored segment selects. Its rules were valid when saved,
 * but a callout they name may have been deleted, or an answer removed from
 * its form, since: such a segment counts nobody here, so the list of
 * segments still shows, and opening it says which rule no longer holds.
 */
async function countSegment(ctx: AppContext, identity: Identity, ruleGroup: RuleGroup): Promise<number> {
  try {
    return await countContacts(ctx, await segmentCondition(ctx, identity, ruleGroup));
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid-rule") return 0;
    throw error;
  }
}

const presentSegment = (row: queries.SegmentRow): Segment => ({
  id: row.id,
  name: row.name,
  description: row.description,
  ruleGroup: row.ruleGroup,
  order: row.order,
});

/** The segments with their counts, all counted in a single query. */
async function withCounts(ctx: AppContext, identity: Identity, rows: queries.SegmentRow[]) {
  // One query per segment: a plain WHERE lets PostgreSQL turn EXISTS rules into semi-joins.
  const counts = await Promise.all(rows.map((row) => countSegment(ctx, identity, row.ruleGroup)));
  return rows.map((row, index) => ({ ...presentSegment(row), contactCount: counts[index] ?? 0 }));
}

async function withCount(ctx: AppContext, identity: Identity, row: queries.SegmentRow): Promise<SegmentWithCount> {
  const [segment] = await withCounts(ctx, identity, [row]);
  return segment!;
}

async function findSegmentOr404(ctx: AppContext, id: string): Promise<queries.SegmentRow> {
  const row = await queries.findSegment(ctx.db, id);
  if (!row) throw segmentNotFound();
  return row;
}

export async function listSegments(ctx: AppContext, identity: Identity, query: ListSegmentsQuery): Promise<Segment[]> {
  const rows = await queries.listSegments(ctx.db, { sort: query.sort, order: query.order });
  return wantsCount(query) ? withCounts(ctx, identity, rows) : rows.map(presentSegment);
}

export async function getSegment(
  ctx: AppContext,
  identity: Identity,
  id: string,
  query: { with: SegmentWith[]; "with[]": SegmentWith[] },
): Promise<Segment> {
  const row = await findSegmentOr404(ctx, id);
  return wantsCount(query) ? withCount(ctx, identity, row) : presentSegment(row);
}

/** The rules are checked before anything is stored, so a bad segment is never saved. */
export async function createSegment(
  ctx: AppContext,
  identity: Identity,
  input: CreateSegment,
): Promise<SegmentWithCount> {
  await segmentCondition(ctx, identity, input.ruleGroup);
  const row = await queries.insertSegment(ctx.db, {
    id: ctx.newId(),
    name: input.name,
    description: input.description,
    ruleGroup: input.ruleGroup,
    order: input.order ?? (await queries.nextSegmentOrder(ctx.db)),
    createdAt: ctx.clock.now(),
  });
  await recordActivity(ctx, { kind: "segment.create", target: row.name, changes: createdOf(row, SEGMENT_FIELDS) });
  return withCount(ctx, identity, row);
}

export async function updateSegment(
  ctx: AppContext,
  identity: Identity,
  id: string,
  input: UpdateSegment,
): Promise<SegmentWithCount> {
  if (input.ruleGroup) await segmentCondition(ctx, identity, input.ruleGroup);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.ruleGroup !== undefined ? { ruleGroup: input.ruleGroup } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
  };
  const before = await queries.findSegment(ctx.db, id);
  const row = before && Object.keys(changes).length > 0 ? await queries.updateSegment(ctx.db, id, changes) : before;
  if (!row) throw segmentNotFound();
  await recordActivity(ctx, {
    kind: "segment.update",
    target: row.name,
    changes: changesOf(before, changes, SEGMENT_FIELDS),
  });
  return withCount(ctx, identity, row);
}

export async function deleteSegment(ctx: AppContext, id: string): Promise<void> {
  const before = await queries.findSegment(ctx.db, id);
  if (!before || !(await queries.deleteSegment(ctx.db, id))) throw segmentNotFound();
  await recordActivity(ctx, {
    kind: "segment.delete",
    target: before.name,
    changes: removedOf(before, SEGMENT_FIELDS),
  });
}

/** The fields of a segment the activity record keeps before and after. */
const SEGMENT_FIELDS = ["name", "description", "ruleGroup", "order"] as const;

/** The contact list, narrowed to the segment; the query's own `rules` still apply on top. */
export async function listSegmentContacts(
  ctx: AppContext,
  identity: Identity,
  id: string,
  query: ListContactsQuery,
): Promise<{ items: Contact[]; total: number; offset: number; count: number }> {
  const row = await findSegmentOr404(ctx, id);
  return listContacts(ctx, identity, query, await segmentCondition(ctx, identity, row.ruleGroup));
}

/** A stored segment's rules, or undefined when there is no such segment (for others choosing contacts by segment). */
export async function findSegmentRules(ctx: AppContext, id: string): Promise<RuleGroup | undefined> {
  return (await queries.findSegment(ctx.db, id))?.ruleGroup;
}
