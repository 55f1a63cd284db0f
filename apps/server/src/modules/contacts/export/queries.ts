import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import Cursor from "pg-cursor";
import { CSV_LIST_SEPARATOR } from "@cohort/common/contacts";
import { postgresPool, type Db } from "../../../db/client.js";
import {
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
} from "../../../db/schema/index.js";

interface ExportPosition {
  /** `joined` exactly as the database holds it (microseconds included). */
  joined: string;
  id: string;
}

/** A timestamp as ISO 8601 UTC text with milliseconds, like the API sends dates. */
const isoText = (column: SQL | typeof contacts.joined) =>
  sql<string | null>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const addressPart = (part: string) => sql<string | null>`${contactProfiles.deliveryAddress} ->> ${part}`;
const tagNameList = sql<
  string | null
>`string_agg(${contactTags.name}, ${CSV_LIST_SEPARATOR} ORDER BY ${contactTags.name})`;

/** Only the columns the export writes, already formatted as text where that saves work on the way out. */
const exportFields = {
  id: contacts.id,
  email: contacts.email,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
  joined: isoText(contacts.joined),
  joinedExact: sql<string>`${contacts.joined}::text`,
  contributionType: contacts.contributionType,
  contributionAmount: contacts.contributionAmount,
  contributionPeriod: contacts.contributionPeriod,
  cancelledAt: isoText(sql`${contributions.cancelledAt}`),
  memberSince: isoText(sql`${contactRoles.dateAdded}`),
  memberUntil: isoText(sql`${contactRoles.dateExpires}`),
  newsletterStatus: contactProfiles.newsletterStatus,
  newsletterGroups: sql<
    string | null
  >`(SELECT string_agg(value, ${CSV_LIST_SEPARATOR}) FROM jsonb_array_elements_text(${contactProfiles.newsletterGroups}))`,
  deliveryOptIn: contactProfiles.deliveryOptIn,
  line1: addressPart("line1"),
  line2: addressPart("line2"),
  city: addressPart("city"),
  postcode: addressPart("postcode"),
  telephone: contactProfiles.telephone,
  joinUtmSource: contacts.joinUtmSource,
  joinUtmMedium: contacts.joinUtmMedium,
  joinUtmCampaign: contacts.joinUtmCampaign,
  joinRef: contacts.joinRef,
};

/**
 * The export's rows in (joined, id) order. Tag names come from a lookup per
 * row when `tags` is "per-row" (cheap for a short batch found through the
 * index), else from one aggregate over all tags, joined by hash: cheaper for
 * a whole export at once.
 */
function selectExportRows(db: Db, where: SQL, tags: "per-row" | "all-at-once") {
  const tagLists = db
    .select({ contactId: contactTagAssignments.contactId, names: tagNameList.as("tag_names") })
    .from(contactTagAssignments)
    .innerJoin(contactTags, eq(contactTags.id, contactTagAssignments.tagId))
    .groupBy(contactTagAssignments.contactId)
    .as("tag_lists");
  const tagNames =
    tags === "per-row"
      ? sql<
          string | null
        >`(SELECT ${tagNameList} FROM ${contactTagAssignments} JOIN ${contactTags} ON ${contactTags.id} = ${contactTagAssignments.tagId} WHERE ${contactTagAssignments.contactId} = ${contacts.id})`
      : // drizzle writes a sub-query's column as its bare alias, so "tag_names" must stay unique in the query.
        sql<string | null>`${tagLists.names}`;
  const query = db
    .select({ ...exportFields, tagNames })
    .from(contacts)
    .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
    .leftJoin(contributions, eq(contributions.contactId, contacts.id))
    .leftJoin(contactRoles, and(eq(contactRoles.contactId, contacts.id), eq(contactRoles.role, "member")))
    .$dynamic();
  const joined = tags === "per-row" ? query : query.leftJoin(tagLists, eq(tagLists.contactId, contacts.id));
  return joined.where(where).orderBy(asc(contacts.joined), asc(contacts.id));
}

export type ExportRow = Awaited<ReturnType<typeof selectExportRows>>[number];

/**
 * Every matching contact in (joined, id) order, `size` rows at a time, with
 * at most two batches in memory: through one cursor on PostgreSQL, else
 * (PGlite has a single connection, which a cursor would hold for the whole
 * download) in batches that each resume after the last.
 */
export function readExportRows(db: Db, where: SQL, size: number): AsyncGenerator<ExportRow[]> {
  const pool = postgresPool(db);
  return pool ? readExportRowsByCursor(db, pool, where, size) : readExportRowsInBatches(db, where, size);
}

/**
 * One server-side cursor on a connection of its own: one query plan for the
 * whole export and one snapshot. The next batch is asked for before this one
 * is handed over, so PostgreSQL works while the caller writes. Stopping early
 * closes the cursor and gives the connection back.
 */
export async function* readExportRowsByCursor(
  db: Db,
  pool: pg.Pool,
  where: SQL,
  size: number,
): AsyncGenerator<ExportRow[]> {
  const query = selectExportRows(db, where, "all-at-once").toSQL();
  const client = await pool.connect();
  const cursor = client.query(new Cursor<unknown[]>(query.sql, query.params, { rowMode: "array" }));
  let failure: Error | undefined;
  let pending: Promise<unknown[][]> | undefined;
  try {
    pending = cursor.read(size);
    for (;;) {
      const values: unknown[][] = await pending;
      pending = values.length === size ? cursor.read(size) : undefined;
      // If the download is abandoned, a read nobody awaits must not become an unhandled rejection.
      pending?.catch(() => undefined);
      if (values.length > 0) yield values.map(toExportRow);
      if (!pending) return;
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    if (pending && !failure) await pending.catch((error: Error) => (failure = error));
    if (!failure) await cursor.close().catch((error: Error) => (failure = error));
    // After an error the connection's state is unknown: the pool drops it instead of reusing it.
    client.release(failure);
  }
}

const exportFieldNames = [...Object.keys(exportFields), "tagNames"] as (keyof ExportRow)[];

/** A row of the cursor's values, which come in the order of the select list, by name. */
function toExportRow(values: unknown[]): ExportRow {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < exportFieldNames.length; index++) row[exportFieldNames[index]!] = values[index];
  return row as ExportRow;
}

/** Keyset batches: each a query of its own, so this works on any connection. */
export async function* readExportRowsInBatches(db: Db, where: SQL, size: number): AsyncGenerator<ExportRow[]> {
  const next = (position: ExportPosition | null) => {
    // One promise, run once: each `then` on a drizzle query (`catch` and `await` included) runs it again.
    const batch = findExportBatch(db, where, position, size).execute();
    // If the download is abandoned, a batch nobody awaits must not become an unhandled rejection.
    batch.catch(() => undefined);
    return batch;
  };
  let pending = next(null);
  for (;;) {
    const batch = await pending;
    const last = batch[batch.length - 1];
    // Fetch the next batch while this one is being written out.
    if (last && batch.length === size) pending = next({ joined: last.joinedExact, id: last.id });
    if (batch.length > 0) yield batch;
    if (!last || batch.length < size) return;
  }
}

/** The next batch of matching contacts after `position`. */
function findExportBatch(db: Db, where: SQL, position: ExportPosition | null, size: number) {
  // A row comparison, so the (joined, id) index serves each batch directly.
  const after = position
    ? sql`(${contacts.joined}, ${contacts.id}) > (${position.joined}::timestamptz, ${position.id}::uuid)`
    : sql`TRUE`;
  return selectExportRows(db, and(where, after)!, "per-row").limit(size);
}
