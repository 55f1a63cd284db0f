import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  callouts,
  contactRoles,
  jobs,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema/index.js";
import { deleteDoneJobs, insertJobsFrom } from "../../jobs/queries.js";
import type { OrderedRun } from "./ordered-id.js";

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

/**
 * The id of the row numbered `n` (from 0) of an ordered run, as `orderedId`
 * makes them: the milliseconds, the version, the counter within them, then
 * random bits from `gen_random_uuid()` (its variant bits included).
 */
function orderedIdSql(run: OrderedRun, n: SQL): SQL {
  const at = sql`(${run.first}::bigint + ${n})`;
  return sql`(lpad(to_hex(${run.ms}::bigint + ${at} / 4096), 12, '0') || '7' || lpad(to_hex((${at} % 4096)::int), 3, '0')
    || substr(replace(gen_random_uuid()::text, '-', ''), 17, 16))::uuid`;
}

/**
 * Writes one event per row of `source` (a SELECT of one jsonb column, `data`),
 * a delivery of each to every endpoint given and the job that sends it, in one
 * statement however many rows there are. Answers how many deliveries it made.
 */
export async function insertEventsFrom(
  db: Db,
  run: {
    type: string;
    source: SQL;
    endpointIds: string[];
    now: Date;
    jobKind: string;
    ids: OrderedRun;
  },
): Promise<number> {
  const now = sql`${run.now.toISOString()}::timestamptz`;
  const endpointIds = sql`ARRAY[${sql.join(
    run.endpointIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const result = await db.execute(sql`
    WITH source AS (
      SELECT s.data, row_number() OVER () - 1 AS n FROM (${run.source}) AS s
    ), events AS (
      INSERT INTO ${webhookEvents} (id, type, data, created_at)
      SELECT ${orderedIdSql(run.ids, sql`source.n`)}, ${run.type}, source.data, ${now} FROM source
      RETURNING id
    ), deliveries AS (
      INSERT INTO ${webhookDeliveries} (id, endpoint_id, event_id, created_at, next_attempt_at)
      SELECT gen_random_uuid(), endpoint.id, events.id, ${now}, ${now}
      FROM events CROSS JOIN unnest(${endpointIds}) AS endpoint(id)
      RETURNING id, event_id
    ), queued AS (${insertJobsFrom(sql`deliveries`, {
      id: orderedIdSql(run.ids, sql`(row_number() OVER (ORDER BY deliveries.event_id, deliveries.id) - 1)`),
      kind: run.jobKind,
      payload: sql`jsonb_build_object('deliveryId', deliveries.id, 'round', 0)`,
      key: deliverJobKeySql(run.jobKind, sql`deliveries.id`, sql`0`),
      at: now,
    })}
    )
    SELECT count(*)::int AS n FROM queued`);
  // Both drivers answer raw statements with `{ rows }`; the count may come back as text.
  const { rows } = result as { rows: { n: number | string }[] };
  return Number(rows[0]?.n ?? 0);
}

/**
 * Removes events older than `before` that no delivery still waits on (their
 * deliveries go with them), and the finished jobs that sent them. Answers how
 * many events it removed.
 */
/** `deliverJobKey` (events.ts) written in SQL, for the delivery and round of each row of a statement. */
function deliverJobKeySql(jobKind: string, deliveryId: SQL, round: SQL): SQL {
  return sql`${jobKind} || ':' || ${deliveryId} || ':' || ${round}`;
}

/**
 * Marks failed the deliveries made before `before` that still wait but that nothing will try
 * again: the job of their round threw on every try (an unexpected error, not an answer from the
 * endpoint, which the delivery records itself) or is gone. Without it such a delivery would
 * keep its event from ever being removed. A try under way at `now` is left to finish.
 */
export async function failAbandonedDeliveries(db: Db, before: Date, now: Date, jobKind: string): Promise<number> {
  const failed = await db
    .update(webhookDeliveries)
    .set({
      status: "failed",
      nextAttemptAt: null,
      lastError: sql`coalesce(${webhookDeliveries.lastError}, 'Not sent: an error in Cohort stopped every try')`,
    })
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.createdAt, before),
        sql`NOT EXISTS (SELECT 1 FROM ${jobs}
          WHERE ${jobs.key} = ${deliverJobKeySql(jobKind, sql`${webhookDeliveries.id}`, sql`${webhookDeliveries.round}`)}
            AND ${jobs.doneAt} IS NULL
            AND (${jobs.attempts} < ${jobs.maxAttempts} OR ${jobs.lockedUntil} > ${now}))`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return failed.length;
}

export async function pruneEventsBefore(db: Db, before: Date, jobKind: string): Promise<number> {
  const removed = await db
    .delete(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, before),
        sql`NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} WHERE ${webhookDeliveries.eventId} = ${webhookEvents.id} AND ${webhookDeliveries.status} = 'pending')`,
      ),
    )
    .returning({ id: webhookEvents.id });
  await deleteDoneJobs(db, jobKind, before);
  return removed.length;
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
  page: { limit: number; offset: number; order: "ASC" | "DESC" },
): Promise<{ items: { delivery: DeliveryRow; eventType: string }[]; total: number }> {
  const direction = page.order === "ASC" ? asc : desc;
  const items = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(direction(webhookDeliveries.createdAt), direction(webhookDeliveries.eventId))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return { items, total: total?.n ?? 0 };
}

/**
 * No event of this type about the contact of the role was written at or after
 * `boundary` (the moment the membership started or ended): the change that
 * started or ended it at once emitted it already.
 */
function notEmittedSince(type: string, boundary: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${webhookEvents} WHERE ${webhookEvents.type} = ${type}
    AND ${webhookEvents.createdAt} >= ${boundary}
    AND ${webhookEvents.data} ->> 'contactId' = ${contactRoles.contactId}::text)`;
}

/**
 * Member roles whose start (`started`) or expiry (`ended`) falls in [from, to),
 * of memberships that last a while (the start before the expiry), unless that
 * start or end was told already. Only a date still ahead when the role was saved
 * counts: a change that set a date already passed told it then, or, when the
 * contact was a member on both sides of it (staff moving the start of a running
 * membership), nothing started or ended.
 */
export async function findMembershipBoundaries(
  db: Db,
  boundary: "started" | "ended",
  from: Date,
  to: Date,
): Promise<{ contactId: string; dateAdded: Date; dateExpires: Date | null }[]> {
  const column = boundary === "started" ? contactRoles.dateAdded : contactRoles.dateExpires;
  return db
    .select({
      contactId: contactRoles.contactId,
      dateAdded: contactRoles.dateAdded,
      dateExpires: contactRoles.dateExpires,
    })
    .from(contactRoles)
    .where(
      and(
        eq(contactRoles.role, "member"),
        gte(column, from),
        lt(column, to),
        or(sql`${contactRoles.dateExpires} IS NULL`, lt(contactRoles.dateAdded, contactRoles.dateExpires)),
        gt(column, contactRoles.savedAt),
        notEmittedSince(`membership.${boundary}`, sql`${column}`),
      ),
    )
    .orderBy(column, contactRoles.contactId);
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
