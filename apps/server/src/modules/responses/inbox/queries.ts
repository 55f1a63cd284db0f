import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { inputComponents } from "@cohort/common/callout-form";
import type { FormSchemaInput } from "@cohort/common/callouts";
import type { ValidatedRule } from "@cohort/common/filters";
import type { Db } from "../../../db/client.js";
import {
  calloutResponseComments,
  calloutResponseTags,
  calloutResponses,
  calloutReviewers,
  calloutTags,
  callouts,
  contacts,
} from "../../../db/schema/index.js";
import { columnCondition, type FieldSqlMap } from "../../../filters/sql.js";
import { responseFilterSql } from "../list/queries.js";
import { responseColumns } from "../queries.js";

/** `tags`: the response has (or lacks) a tag assignment. */
function tagsCondition(rule: ValidatedRule): SQL {
  const anyTag = sql`EXISTS (SELECT 1 FROM ${calloutResponseTags} WHERE ${calloutResponseTags.responseId} = ${calloutResponses.id}`;
  const tagged = (tagId: string | undefined) => sql`${anyTag} AND ${calloutResponseTags.tagId} = ${tagId}::uuid)`;
  switch (rule.operator) {
    case "contains":
      return tagged(rule.values[0] as string);
    case "not_contains":
      return sql`NOT ${tagged(rule.values[0] as string)}`;
    case "is_empty":
      return sql`NOT ${anyTag})`;
    default:
      return sql`${anyTag})`;
  }
}

/**
 * `bucket` is never null in storage, so emptiness is a plain comparison the
 * planner can estimate (`coalesce` hides the column's statistics).
 */
function bucketCondition(rule: ValidatedRule): SQL {
  if (rule.operator === "is_empty") return sql`${calloutResponses.bucket} = ''`;
  if (rule.operator === "is_not_empty") return sql`${calloutResponses.bucket} <> ''`;
  return columnCondition(sql`${calloutResponses.bucket}`, { ...rule, definition: { type: "text" } });
}

/** The base response filters, `tags` included. */
export const inboxFilterSql: FieldSqlMap = { ...responseFilterSql, bucket: bucketCondition, tags: tagsCondition };

/** One answer's condition, by the filter type its component gives it. */
function answerCondition(slideId: string, key: string): (rule: ValidatedRule) => SQL {
  const json = sql`(${calloutResponses.answers} -> ${slideId}::text -> ${key}::text)`;
  const text = sql`(${calloutResponses.answers} -> ${slideId}::text ->> ${key}::text)`;
  return (rule) => {
    const empty = sql`coalesce(${text}, '') = ''`;
    switch (rule.type) {
      case "boolean":
        // A checkbox never answered counts as unticked.
        return rule.values[0] === true ? sql`${json} = 'true'::jsonb` : sql`${json} IS DISTINCT FROM 'true'::jsonb`;
      case "array": {
        const ticked = (value: string | undefined) => sql`(${json} -> ${value}::text) = 'true'::jsonb`;
        const anyTicked = sql`EXISTS (SELECT 1 FROM jsonb_each(CASE WHEN jsonb_typeof(${json}) = 'object' THEN ${json} ELSE '{}'::jsonb END) AS flag WHERE flag.value = 'true'::jsonb)`;
        switch (rule.operator) {
          case "contains":
            return ticked(rule.values[0]);
          case "not_contains":
            return sql`NOT coalesce(${ticked(rule.values[0])}, false)`;
          case "is_empty":
            return sql`NOT ${anyTicked}`;
          default:
            return anyTicked;
        }
      }
      case "number": {
        if (rule.operator === "is_empty") return sql`jsonb_typeof(${json}) IS DISTINCT FROM 'number'`;
        if (rule.operator === "is_not_empty") return sql`jsonb_typeof(${json}) = 'number'`;
        return columnCondition(sql`(CASE WHEN jsonb_typeof(${json}) = 'number' THEN ${text} END)`, rule);
      }
      default:
        if (rule.operator === "is_empty") return empty;
        if (rule.operator === "is_not_empty") return sql`NOT ${empty}`;
        return columnCondition(text, rule);
    }
  };
}

/** Filter SQL for one callout's responses: the base fields and `answers.<slideId>.<key>`. */
export function calloutFilterSql(form: Pick<CalloutForm, "slides">): FieldSqlMap {
  const fields: FieldSqlMap = { ...inboxFilterSql };
  for (const { slide, component, fullKey } of inputComponents(form)) {
    fields[`answers.${fullKey}`] = answerCondition(slide.id, component.key);
  }
  return fields;
}

/** Responses of the callouts this contact reviews, or that they gave. */
export function visibleToContact(contactId: string): SQL {
  return or(
    eq(calloutResponses.contactId, contactId),
    inArray(
      calloutResponses.calloutId,
      sql`(SELECT ${calloutReviewers.calloutId} FROM ${calloutReviewers} WHERE ${calloutReviewers.contactId} = ${contactId})`,
    ),
  )!;
}

/** Responses of the callouts this contact reviews. */
/** The responses of one callout. */
export const ofCallout = (calloutId: string): SQL => sql`${calloutResponses.calloutId} = ${calloutId}`;

/** The responses one contact gave. */
export const givenBy = (contactId: string): SQL => sql`${calloutResponses.contactId} = ${contactId}`;

/** The one response with this id. */
export const responseWithId = (id: string): SQL => sql`${calloutResponses.id} = ${id}`;

export function reviewedBy(contactId: string): SQL {
  return inArray(
    calloutResponses.calloutId,
    sql`(SELECT ${calloutReviewers.calloutId} FROM ${calloutReviewers} WHERE ${calloutReviewers.contactId} = ${contactId})`,
  );
}

/** The callouts this contact reviews. */
export async function findReviewedCalloutIds(db: Db, contactId: string): Promise<Set<string>> {
  const rows = await db
    .select({ calloutId: calloutReviewers.calloutId })
    .from(calloutReviewers)
    .where(eq(calloutReviewers.contactId, contactId));
  return new Set(rows.map((row) => row.calloutId));
}

export const inboxColumns = {
  ...responseColumns,
  calloutId: calloutResponses.calloutId,
  contactId: calloutResponses.contactId,
  assigneeId: calloutResponses.assigneeId,
  answers: calloutResponses.answers,
  utmSource: calloutResponses.utmSource,
  utmMedium: calloutResponses.utmMedium,
  utmCampaign: calloutResponses.utmCampaign,
  ref: calloutResponses.ref,
};
export type InboxRow = {
  [
    K in keyof typeof inboxColumns
  ]: (typeof calloutResponses.$inferSelect)[K extends keyof typeof calloutResponses.$inferSelect ? K : never];
};

const sortColumns = {
  number: calloutResponses.number,
  createdAt: calloutResponses.createdAt,
  updatedAt: calloutResponses.updatedAt,
};

export interface InboxPageQuery {
  where: SQL;
  sort: keyof typeof sortColumns;
  order: "ASC" | "DESC";
  limit: number;
  offset: number;
}

/** One page and how many match in all (two queries, run side by side). */
export async function findInboxPage(db: Db, query: InboxPageQuery): Promise<{ rows: InboxRow[]; total: number }> {
  const direction = query.order === "ASC" ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(inboxColumns)
      .from(calloutResponses)
      .where(query.where)
      .orderBy(direction(sortColumns[query.sort]), direction(calloutResponses.number))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(calloutResponses)
      .where(query.where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findInboxResponse(db: Db, id: string, scope: SQL | undefined): Promise<InboxRow | undefined> {
  const [row] = await db
    .select(inboxColumns)
    .from(calloutResponses)
    .where(and(eq(calloutResponses.id, id), scope));
  return row;
}

export async function findTagsOfResponses(db: Db, ids: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byResponse = new Map<string, { id: string; name: string }[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byResponse;
  const rows = await db
    .select({ responseId: calloutResponseTags.responseId, id: calloutTags.id, name: calloutTags.name })
    .from(calloutResponseTags)
    .innerJoin(calloutTags, eq(calloutTags.id, calloutResponseTags.tagId))
    .where(inArray(calloutResponseTags.responseId, ids))
    .orderBy(asc(calloutTags.name), asc(calloutTags.id));
  for (const row of rows) byResponse.get(row.responseId)?.push({ id: row.id, name: row.name });
  return byResponse;
}

export type CommentRow = typeof calloutResponseComments.$inferSelect;

/** The newest comment of each response. */
export async function findLatestComments(db: Db, ids: string[]): Promise<Map<string, CommentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([calloutResponseComments.responseId])
    .from(calloutResponseComments)
    .where(inArray(calloutResponseComments.responseId, ids))
    .orderBy(
      calloutResponseComments.responseId,
      desc(calloutResponseComments.createdAt),
      desc(calloutResponseComments.id),
    );
  return new Map(rows.map((row) => [row.responseId, row]));
}

export async function findContactsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(contacts).where(inArray(contacts.id, ids));
}

export async function findCalloutsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(callouts).where(inArray(callouts.id, ids));
}

/** The forms of these callouts, by id; a callout that does not exist is missing. */
export async function findCalloutForms(db: Db, ids: string[]): Promise<Map<string, FormSchemaInput>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: callouts.id, formSchema: callouts.formSchema })
    .from(callouts)
    .where(inArray(callouts.id, ids));
  return new Map(rows.map((row) => [row.id, row.formSchema]));
}

/** Which of these tag ids belong to the callout. */
export async function findCalloutTagIds(db: Db, calloutId: string, tagIds: string[]): Promise<Set<string>> {
  if (tagIds.length === 0) return new Set();
  const rows = await db
    .select({ id: calloutTags.id })
    .from(calloutTags)
    .where(and(eq(calloutTags.calloutId, calloutId), inArray(calloutTags.id, tagIds)));
  return new Set(rows.map((row) => row.id));
}

export interface ResponseChanges {
  answers?: CalloutAnswers;
  bucket?: string;
  assigneeId?: string | null;
  addTags: string[];
  removeTags: string[];
}

/**
 * Applies changes to every response the condition selects, in one
 * transaction; tags are only added when they belong to the response's
 * callout. Returns how many responses changed.
 */
export async function updateResponses(db: Db, where: SQL, changes: ResponseChanges, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(calloutResponses)
      .set({
        updatedAt: now,
        ...(changes.answers !== undefined ? { answers: changes.answers } : {}),
        ...(changes.bucket !== undefined ? { bucket: changes.bucket } : {}),
        ...(changes.assigneeId !== undefined ? { assigneeId: changes.assigneeId } : {}),
      })
      .where(where)
      .returning({ id: calloutResponses.id });
    const ids = updated.map((row) => row.id);
    if (ids.length === 0) return ids;
    // One parameter however many responses changed.
    const idList = sql`(SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
    if (changes.removeTags.length > 0) {
      await tx
        .delete(calloutResponseTags)
        .where(
          and(inArray(calloutResponseTags.responseId, idList), inArray(calloutResponseTags.tagId, changes.removeTags)),
        );
    }
    if (changes.addTags.length > 0) {
      await tx.execute(sql`
        INSERT INTO ${calloutResponseTags} (response_id, tag_id, created_at)
        SELECT r.id, t.id, ${now.toISOString()}::timestamptz
        FROM ${calloutResponses} r
        JOIN ${calloutTags} t ON t.callout_id = r.callout_id
        WHERE r.id IN ${idList} AND t.id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(changes.addTags)}::jsonb))
        ON CONFLICT DO NOTHING`);
    }
    return ids;
  });
}
