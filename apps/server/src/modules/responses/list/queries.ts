import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { calloutResponses } from "../../../db/schema/index.js";
import type { FieldSqlMap } from "../../../filters/sql.js";

/** SQL for the base response filters but `tags` (which the inbox adds). */
export const responseFilterSql: FieldSqlMap = {
  id: sql`${calloutResponses.id}::text`,
  calloutId: sql`${calloutResponses.calloutId}::text`,
  contact: sql`${calloutResponses.contactId}`,
  assignee: sql`${calloutResponses.assigneeId}`,
  createdAt: sql`${calloutResponses.createdAt}`,
  updatedAt: sql`${calloutResponses.updatedAt}`,
  bucket: sql`${calloutResponses.bucket}`,
  // Every answer value (not the slide ids and keys), as JSON text.
  answers: sql`jsonb_path_query_array(${calloutResponses.answers}, 'strict $.*.*')::text`,
  utmSource: sql`${calloutResponses.utmSource}`,
  utmMedium: sql`${calloutResponses.utmMedium}`,
  utmCampaign: sql`${calloutResponses.utmCampaign}`,
  ref: sql`${calloutResponses.ref}`,
};

export interface ResponseScope {
  calloutId: string;
  /** Only this contact's responses; null matches none. Leave out for everyone's. */
  contactId?: string | null;
  /** Only responses in these buckets. */
  buckets?: string[];
  /** A compiled rule group. */
  rules?: SQL | undefined;
}

/** The condition selecting a callout's responses within a scope. */
export function responseScope(scope: ResponseScope): SQL {
  const conditions = [eq(calloutResponses.calloutId, scope.calloutId)];
  if (scope.contactId !== undefined) {
    conditions.push(scope.contactId === null ? sql`FALSE` : eq(calloutResponses.contactId, scope.contactId));
  }
  if (scope.buckets) conditions.push(inArray(calloutResponses.bucket, scope.buckets));
  if (scope.rules) conditions.push(scope.rules);
  return and(...conditions)!;
}

export const responseSortColumns = {
  number: calloutResponses.number,
  createdAt: calloutResponses.createdAt,
  updatedAt: calloutResponses.updatedAt,
};

export interface ResponsePageQuery {
  where: SQL;
  sort: keyof typeof responseSortColumns;
  order: "ASC" | "DESC";
  limit: number;
  offset: number;
}

function ordering(query: Pick<ResponsePageQuery, "sort" | "order">): SQL[] {
  const direction = query.order === "ASC" ? asc : desc;
  return [direction(responseSortColumns[query.sort]), direction(calloutResponses.number)];
}

/** A page of responses for the map and gallery: numbers and answers only. */
export async function findMapResponses(db: Db, query: ResponsePageQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        number: calloutResponses.number,
        answers: calloutResponses.answers,
        // Only to leave out answers that repeat them: the feed never shows a guest's own details.
        guestName: calloutResponses.guestName,
        guestEmail: calloutResponses.guestEmail,
      })
      .from(calloutResponses)
      .where(query.where)
      .orderBy(...ordering(query))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(calloutResponses).where(query.where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * What changes whenever any response of the callout is added, changed or
 * removed: how many there are and when the latest change was.
 */
export async function mapFeedVersion(db: Db, calloutId: string): Promise<string> {
  const [row] = await db
    .select({ n: count(), latest: sql<string | null>`max(${calloutResponses.updatedAt})::text` })
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId));
  return `${row?.n ?? 0}@${row?.latest ?? ""}`;
}
