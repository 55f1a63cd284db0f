import { sql } from "drizzle-orm";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { Db } from "../../db/client.js";
import { calloutResponses, callouts } from "../../db/schema/index.js";

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
 * form's responses are (the counter is raised and read under the callout's
 * row lock, in the same statement). The callout's status is not checked:
 * answers collected elsewhere may come in after it ended. All or none.
 */
export async function insertImportedResponses(
  db: Db,
  calloutId: string,
  now: Date,
  responses: readonly ImportedResponse[],
): Promise<void> {
  await db.transaction(async (tx) => {
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
      await tx.execute(sql`
        WITH counter AS (
          UPDATE ${callouts} SET last_response_number = last_response_number + ${part.length}::int
          WHERE id = ${calloutId}::uuid
          RETURNING last_response_number AS last
        )
        INSERT INTO ${calloutResponses}
          (id, callout_id, number, contact_id, guest_name, guest_email, answers, newsletter, bucket, imported,
           created_at, updated_at)
        SELECT r.id, ${calloutId}::uuid, counter.last - ${part.length}::int + r.ord, NULL, r.guest_name,
          r.guest_email, r.answers, NULL, '', true, ${now.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz
        FROM counter, jsonb_to_recordset(${rows}::jsonb)
          AS r(ord int, id uuid, guest_name text, guest_email text, answers jsonb)`);
    }
  });
}
