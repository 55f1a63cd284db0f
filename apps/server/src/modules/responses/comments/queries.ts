import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { calloutResponseComments, calloutResponses, calloutReviewers } from "../../../db/schema/index.js";
import type { FieldSqlMap } from "../../../filters/sql.js";
import type { CommentRow } from "../inbox/queries.js";

const calloutOfComment = sql`(SELECT ${calloutResponses.calloutId} FROM ${calloutResponses} WHERE ${calloutResponses.id} = ${calloutResponseComments.responseId})`;

export const commentFilterSql: FieldSqlMap = {
  id: sql`${calloutResponseComments.id}::text`,
  calloutId: sql`${calloutOfComment}::text`,
  responseId: sql`${calloutResponseComments.responseId}::text`,
  contact: sql`${calloutResponseComments.contactId}`,
  createdAt: sql`${calloutResponseComments.createdAt}`,
  updatedAt: sql`${calloutResponseComments.updatedAt}`,
  text: sql`${calloutResponseComments.text}`,
};

/** Comments a non-admin may read: their own and those on the callouts they review. */
export function commentsVisibleTo(contactId: string): SQL {
  return or(
    eq(calloutResponseComments.contactId, contactId),
    inArray(
      calloutResponseComments.responseId,
      sql`(SELECT ${calloutResponses.id} FROM ${calloutResponses} WHERE ${calloutResponses.calloutId} IN (SELECT ${calloutReviewers.calloutId} FROM ${calloutReviewers} WHERE ${calloutReviewers.contactId} = ${contactId}))`,
    ),
  )!;
}

export async function findCommentPage(
  db: Db,
  query: { where: SQL; sort: "createdAt" | "updatedAt"; order: "ASC" | "DESC"; limit: number; offset: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  const direction = query.order === "ASC" ? asc : desc;
  const column = query.sort === "updatedAt" ? calloutResponseComments.updatedAt : calloutResponseComments.createdAt;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(calloutResponseComments)
      .where(query.where)
      .orderBy(direction(column), direction(calloutResponseComments.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(calloutResponseComments)
      .where(query.where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findComment(db: Db, id: string, scope: SQL | undefined): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(calloutResponseComments)
    .where(and(eq(calloutResponseComments.id, id), scope));
  return row;
}

export async function insertComment(db: Db, row: CommentRow): Promise<CommentRow> {
  const [inserted] = await db.insert(calloutResponseComments).values(row).returning();
  return inserted!;
}

export async function updateComment(db: Db, id: string, text: string, now: Date): Promise<CommentRow> {
  const [row] = await db
    .update(calloutResponseComments)
    .set({ text, updatedAt: now })
    .where(eq(calloutResponseComments.id, id))
    .returning();
  return row!;
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.delete(calloutResponseComments).where(eq(calloutResponseComments.id, id));
}

export async function findResponseCallout(db: Db, responseId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ calloutId: calloutResponses.calloutId })
    .from(calloutResponses)
    .where(eq(calloutResponses.id, responseId));
  return row?.calloutId;
}
