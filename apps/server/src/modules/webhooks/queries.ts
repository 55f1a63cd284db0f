import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { callouts, contactRoles, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/index.js";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function findEndpoint(db: Db, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function updateEndpoint(
  db: Db,
  id: string,
  changes: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Every active endpoint with the events it wants. */
export async function listActiveEndpoints(db: Db): Promise<{ id: string; events: string[] }[]> {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.status, "active"))
    .orderBy(webhookEndpoints.id);
}

/**
 * Of the given endpoints, those still active, held until the transaction ends
 * so that none is deleted under a delivery being written for it.
 */
export async function holdActiveEndpoints(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.id, ids), eq(webhookEndpoints.status, "active")))
    .orderBy(webhookEndpoints.id)
    .for("key share");
  return rows.map(({ id }) => id);
}

export async function insertEvent(db: Db, row: EventRow): Promise<void> {
  await db.insert(webhookEvents).values(row);
}

export async function insertDelivery(db: Db, row: typeof webhookDeliveries.$inferInsert): Promise<void> {
  await db.insert(webhookDeliveries).values(row);
}

/** A delivery with what it sends and where. */
export async function findDelivery(
  db: Db,
  id: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow; event: EventRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/** Records a try, if the delivery is still in the round that made it; answers whether it was. */
export async function recordAttempt(
  db: Db,
  id: string,
  round: number,
  changes: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set(changes)
    .where(
      and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.round, round), eq(webhookDeliveries.status, "pending")),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Starts a new round of a delivery ("send again"); answers the round, or undefined when there is no such delivery. */
export async function restartDelivery(db: Db, endpointId: string, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: "pending",
      attempts: 0,
      lastError: null,
      responseCode: null,
      nextAttemptAt: null,
      round: sql`${webhookDeliveries.round} + 1`,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning({ round: webhookDeliveries.round });
  return row?.round;
}

/** Notes that an endpoint failed; answers since when it has been failing. */
export async function noteEndpointFailing(db: Db, id: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`COALESCE(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? undefined;
}

export async function noteEndpointAnswering(db: Db, id: string): Promise<void> {
  await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, id));
}

/** Pauses an active endpoint that keeps failing; answers true for the one call that paused it. */
export async function pauseFailingEndpoint(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ status: "paused", pausedReason: "failing", updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.status, "active")))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function listDeliveries(
  db: Db,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<{ items: { delivery: DeliveryRow; eventType: string }[]; total: number }> {
  const items = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventId))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return { items, total: total?.n ?? 0 };
}

/** Member roles whose expiry falls in [from, to). */
export async function findMembershipsEnded(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ contactId: string; dateExpires: Date | null }[]> {
  return db
    .select({ contactId: contactRoles.contactId, dateExpires: contactRoles.dateExpires })
    .from(contactRoles)
    .where(and(eq(contactRoles.role, "member"), gte(contactRoles.dateExpires, from), lt(contactRoles.dateExpires, to)))
    .orderBy(contactRoles.dateExpires, contactRoles.contactId);
}

/** Callouts whose start (or end) falls in [from, to). */
export async function findCalloutsBetween(db: Db, date: "starts" | "expires", from: Date, to: Date) {
  const column = callouts[date];
  return db
    .select({ id: callouts.id, slug: callouts.slug, starts: callouts.starts, expires: callouts.expires })
    .from(callouts)
    .where(and(gte(column, from), lt(column, to)))
    .orderBy(column, callouts.id);
}
