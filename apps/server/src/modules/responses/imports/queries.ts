import { sql, type SQL } from "drizzle-orm";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { Db } from "../../../db/client.js";
import { chunks } from "../../../db/chunks.js";
import {
  calloutResponseComments,
  calloutResponses,
  calloutResponseTags,
  calloutTags,
} from "../../../db/schema/index.js";

/** Rows written by one statement at most. */
const CHUNK = 500;

export interface ImportedResponse {
  id: string;
  guestName: string | null;
  guestEmail: string | null;
  answers: CalloutAnswers;
}

/**
 * Writes imported responses to one callout, numbered after its latest as the
 * form's responses are: `raiseCounter` (the callouts module's part, decision
 * 083) raises the counter and reads it under the callout's row lock, in the
 * same statement. The callout's status is not checked: answers collected
 * elsewhere may come in after it ended. Run it in a transaction (several
 * statements for a large batch): all or none.
 */
export async function insertImportedResponses(
  db: Db,
  raiseCounter: (calloutId: SQL, count: SQL) => SQL,
  calloutId: string,
  now: Date,
  responses: readonly ImportedResponse[],
): Promise<void> {
  for (let start = 0; start < responses.length; start += CHUNK) {
    const part = responses.slice(start, start + CHUNK);
    const rows = JSON.stringify(
      part.map((response, index) => ({
        ord: index + 1,
        id: response.id,
        guest_name: response.guestName,
        guest_email: response.guestEmail,
        answers: response.answers,
      })),
    );
    await db.execute(sql`
      WITH counter AS (${raiseCounter(sql`${calloutId}`, sql`${part.length}`)})
      INSERT INTO ${calloutResponses}
        (id, callout_id, number, contact_id, guest_name, guest_email, answers, newsletter, bucket, imported,
         created_at, updated_at)
      SELECT r.id, ${calloutId}::uuid, counter.last - ${part.length}::int + r.ord, NULL, r.guest_name,
        r.guest_email, r.answers, NULL, '', true, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz
      FROM counter, jsonb_to_recordset(${rows}::jsonb)
        AS r(ord int, id uuid, guest_name text, guest_email text, answers jsonb)`);
  }
}

export interface SampleAnswerRows {
  tags: (typeof calloutTags.$inferInsert)[];
  responses: (typeof calloutResponses.$inferInsert & { calloutId: string })[];
  responseTags: (typeof calloutResponseTags.$inferInsert)[];
  comments: (typeof calloutResponseComments.$inferInsert)[];
}

/** Writes sample answers as they are: a callout's tags, its numbered responses, their tags and comments. */
export async function insertSampleAnswerRows(db: Db, rows: SampleAnswerRows): Promise<void> {
  if (rows.tags.length) await db.insert(calloutTags).values(rows.tags);
  for (const part of chunks(rows.responses)) await db.insert(calloutResponses).values(part);
  for (const part of chunks(rows.responseTags)) await db.insert(calloutResponseTags).values(part);
  for (const part of chunks(rows.comments)) await db.insert(calloutResponseComments).values(part);
}
