import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.js";
import {
  calloutResponseComments,
  calloutResponseTags,
  calloutResponses,
  calloutTags,
  contacts,
} from "../../../db/schema/index.js";

const assignees = alias(contacts, "assignees");

const isoText = (column: SQL) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One comment on a response: its author's name, when (UTC, to the minute) and its stored HTML. */
export interface ExportComment {
  author: string;
  at: string;
  html: string;
}

/** What one CSV row needs: tag names joined as text, comments oldest first (JSON, which a driver may leave as text). */
function selectExportRows(db: Db, where: SQL) {
  return db
    .select({
      id: calloutResponses.id,
      createdAtExact: sql<string>`${calloutResponses.createdAt}::text`,
      createdAt: isoText(sql`${calloutResponses.createdAt}`),
      number: calloutResponses.number,
      bucket: calloutResponses.bucket,
      answers: calloutResponses.answers,
      newsletter: calloutResponses.newsletter,
      guestName: calloutResponses.guestName,
      guestEmail: calloutResponses.guestEmail,
      contactId: calloutResponses.contactId,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      email: contacts.email,
      assigneeEmail: assignees.email,
      utmSource: calloutResponses.utmSource,
      utmMedium: calloutResponses.utmMedium,
      utmCampaign: calloutResponses.utmCampaign,
      ref: calloutResponses.ref,
      tagNames: sql<
        string | null
      >`(SELECT string_agg(${calloutTags.name}, ', ' ORDER BY ${calloutTags.name}) FROM ${calloutResponseTags} JOIN ${calloutTags} ON ${calloutTags.id} = ${calloutResponseTags.tagId} WHERE ${calloutResponseTags.responseId} = ${calloutResponses.id})`,
      comments: sql<
        ExportComment[] | string | null
      >`(SELECT json_agg(json_build_object('author', trim(concat(authors.firstname, ' ', authors.lastname)), 'at', to_char(${calloutResponseComments.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'), 'html', ${calloutResponseComments.text}) ORDER BY ${calloutResponseComments.createdAt}) FROM ${calloutResponseComments} JOIN ${contacts} AS authors ON authors.id = ${calloutResponseComments.contactId} WHERE ${calloutResponseComments.responseId} = ${calloutResponses.id})`,
    })
    .from(calloutResponses)
    .leftJoin(contacts, eq(contacts.id, calloutResponses.contactId))
    .leftJoin(assignees, eq(assignees.id, calloutResponses.assigneeId))
    .where(where)
    .orderBy(asc(calloutResponses.createdAt), asc(calloutResponses.id));
}

export type ExportRow = Awaited<ReturnType<typeof selectExportRows>>[number];

/**
 * Every matching response in (createdAt, id) order, `size` rows at a time;
 * each batch resumes after the last through the (callout, createdAt) index,
 * and the next is fetched while the current one is written.
 */
export async function* readExportRows(db: Db, where: SQL, size: number): AsyncGenerator<ExportRow[]> {
  const next = (after: ExportRow | undefined) => {
    const position = after
      ? sql`(${calloutResponses.createdAt}, ${calloutResponses.id}) > (${after.createdAtExact}::timestamptz, ${after.id}::uuid)`
      : sql`TRUE`;
    const batch = selectExportRows(db, and(where, position)!).limit(size).execute();
    // If the download is abandoned, a batch nobody awaits must not become an unhandled rejection.
    batch.catch(() => undefined);
    return batch;
  };
  let pending = next(undefined);
  for (;;) {
    const batch = await pending;
    const last = batch[batch.length - 1];
    if (last && batch.length === size) pending = next(last);
    if (batch.length > 0) yield batch;
    if (!last || batch.length < size) return;
  }
}
