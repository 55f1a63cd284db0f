import { and, asc, desc, eq, gte, lt, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ActivityKind } from "@cohort/common/activity";
import type { Db } from "../../db/client.js";
import { activity, apiKeys, contacts } from "../../db/schema/index.js";

export type NewActivityRow = typeof activity.$inferInsert;
export type ActivityRow = typeof activity.$inferSelect;

export async function insertActivity(db: Db, row: NewActivityRow): Promise<void> {
  await db.insert(activity).values(row);
}

export interface ActivityFilter {
  actorContactId?: string | undefined;
  actorApiKeyId?: string | undefined;
  kind?: ActivityKind | undefined;
  /** Entries about the contact, or bulk entries that list them. */
  contactId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Kinds the reader may not see. */
  hiddenKinds: readonly ActivityKind[];
}

function whereOf(filter: ActivityFilter): SQL | undefined {
  return and(
    filter.actorContactId ? eq(activity.actorContactId, filter.actorContactId) : undefined,
    filter.actorApiKeyId ? eq(activity.actorApiKeyId, filter.actorApiKeyId) : undefined,
    filter.kind ? eq(activity.kind, filter.kind) : undefined,
    filter.contactId
      ? or(
          eq(activity.contactId, filter.contactId),
          sql`${activity.ids} @> ${JSON.stringify([filter.contactId])}::jsonb`,
        )
      : undefined,
    filter.from ? gte(activity.at, filter.from) : undefined,
    filter.to ? lte(activity.at, filter.to) : undefined,
    filter.hiddenKinds.length > 0 ? notInArray(activity.kind, [...filter.hiddenKinds]) : undefined,
  );
}

const actor = alias(contacts, "actor");
const subject = alias(contacts, "subject");

export interface ActivityPageRow {
  entry: ActivityRow;
  actor: { firstname: string; lastname: string; email: string } | null;
  subject: { firstname: string; lastname: string; email: string } | null;
  apiKeyDescription: string | null;
}

/** One page of entries, newest first unless `order` is ASC, with the names they refer to. */
export async function findActivityPage(
  db: Db,
  filter: ActivityFilter,
  page: { limit: number; offset: number; order: "ASC" | "DESC" },
): Promise<{ rows: ActivityPageRow[]; total: number }> {
  const where = whereOf(filter);
  const direction = page.order === "ASC" ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        entry: activity,
        actor: { firstname: actor.firstname, lastname: actor.lastname, email: actor.email },
        subject: { firstname: subject.firstname, lastname: subject.lastname, email: subject.email },
        apiKeyDescription: apiKeys.description,
      })
      .from(activity)
      .leftJoin(actor, eq(actor.id, activity.actorContactId))
      .leftJoin(subject, eq(subject.id, activity.contactId))
      .leftJoin(apiKeys, eq(apiKeys.id, activity.actorApiKeyId))
      .where(where)
      .orderBy(direction(activity.at), direction(activity.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(activity)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Removes entries recorded before `before`; answers how many. */
export async function deleteActivityBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(activity).where(lt(activity.at, before)).returning({ id: activity.id });
  return rows.length;
}
