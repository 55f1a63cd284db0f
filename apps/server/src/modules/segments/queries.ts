import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SegmentSortField } from "@cohort/common/segments";
import type { Db } from "../../db/client.js";
import { segments } from "../../db/schema/index.js";

export type SegmentRow = typeof segments.$inferSelect;

export interface SegmentListOrder {
  sort: SegmentSortField;
  order: "ASC" | "DESC";
}

/** The chosen column first, then name and id so equal values keep a stable order. */
function orderBy({ sort, order }: SegmentListOrder): SQL[] {
  const direction = order === "ASC" ? asc : desc;
  const byName = [asc(sql`lower(${segments.name})`), asc(segments.name)];
  switch (sort) {
    case "order":
      return [direction(segments.order), ...byName, asc(segments.id)];
    case "name":
      return [direction(sql`lower(${segments.name})`), direction(segments.name), asc(segments.id)];
    case "description":
      return [
        direction(sql`lower(${segments.description})`),
        direction(segments.description),
        ...byName,
        asc(segments.id),
      ];
  }
}

export function listSegments(db: Db, order: SegmentListOrder): Promise<SegmentRow[]> {
  return db
    .select()
    .from(segments)
    .orderBy(...orderBy(order));
}

export async function findSegment(db: Db, id: string): Promise<SegmentRow | undefined> {
  const [row] = await db.select().from(segments).where(eq(segments.id, id)).limit(1);
  return row;
}

/** After the last segment; the largest order stays put rather than overflow. */
export async function nextSegmentOrder(db: Db): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`least(coalesce(max(${segments.order})::bigint + 1, 0), 2147483647)`.mapWith(Number) })
    .from(segments);
  return row?.next ?? 0;
}

export async function insertSegment(db: Db, segment: typeof segments.$inferInsert): Promise<SegmentRow> {
  const [row] = await db.insert(segments).values(segment).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateSegment(
  db: Db,
  id: string,
  changes: Partial<Omit<typeof segments.$inferInsert, "id" | "createdAt">>,
): Promise<SegmentRow | undefined> {
  const [row] = await db.update(segments).set(changes).where(eq(segments.id, id)).returning();
  return row;
}

export async function deleteSegment(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(segments).where(eq(segments.id, id)).returning({ id: segments.id });
  return rows.length > 0;
}
