import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { NoticeSortField } from "@cohort/common/notices";
import type { Db } from "../../db/client.js";
import { notices } from "../../db/schema/index.js";
import type { FieldSqlMap } from "../../filters/sql.js";

export type NoticeRow = typeof notices.$inferSelect;

/** A status worked out in SQL the same way `noticeStatus()` does at read time. */
export function noticeStatusSql(status: string, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (status) {
    case "draft":
      return sql`${notices.starts} IS NULL`;
    case "scheduled":
      return sql`${notices.starts} > ${at}`;
    case "ended":
      return sql`(${notices.starts} <= ${at} AND ${notices.expires} < ${at})`;
    default:
      return sql`(${notices.starts} <= ${at} AND (${notices.expires} IS NULL OR ${notices.expires} >= ${at}))`;
  }
}

const sortColumns: Record<NoticeSortField, SQL | typeof notices.name> = {
  createdAt: sql`${notices.createdAt}`,
  updatedAt: sql`${notices.updatedAt}`,
  name: sql`lower(${notices.name})`,
  starts: sql`${notices.starts}`,
  expires: sql`${notices.expires}`,
};

export interface NoticePageQuery {
  where: SQL;
  sort: NoticeSortField | undefined;
  order: "ASC" | "DESC";
  limit: number;
  offset: number;
}

/** One page of notices (newest first without a sort; nulls always last) and the number of matches. */
export async function findNoticePage(db: Db, query: NoticePageQuery): Promise<{ rows: NoticeRow[]; total: number }> {
  const direction = query.order === "DESC" ? desc : asc;
  const first = query.sort ? sql`${direction(sortColumns[query.sort])} NULLS LAST` : desc(notices.createdAt);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(query.where)
      .orderBy(first, desc(notices.createdAt), asc(notices.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(notices)
      .where(query.where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).limit(1);
  return row;
}

export async function insertNotice(db: Db, notice: typeof notices.$inferInsert): Promise<NoticeRow> {
  const [row] = await db.insert(notices).values(notice).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateNotice(
  db: Db,
  id: string,
  changes: Partial<Omit<typeof notices.$inferInsert, "id" | "createdAt">>,
): Promise<NoticeRow | undefined> {
  const [row] = await db.update(notices).set(changes).where(eq(notices.id, id)).returning();
  return row;
}

export async function deleteNotice(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
  return rows.length > 0;
}

/** The SQL behind each field of the notice filters. */
export function noticeFieldSql(now: Date): FieldSqlMap {
  return {
    id: sql`${notices.id}::text`,
    name: sql`${notices.name}`,
    text: sql`${notices.text}`,
    status: (rule) => {
      const condition = noticeStatusSql(rule.type === "enum" ? String(rule.values[0] ?? "") : "", now);
      return rule.operator === "not_equal" ? sql`NOT coalesce(${condition}, FALSE)` : condition;
    },
    starts: sql`${notices.starts}`,
    expires: sql`${notices.expires}`,
    createdAt: sql`${notices.createdAt}`,
    updatedAt: sql`${notices.updatedAt}`,
  };
}
