import { and, eq, gt, isNull, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DEFAULT_VARIANT } from "@cohort/common/callouts";
import type { Db } from "../../../db/client.js";
import {
  calloutResponses,
  callouts,
  calloutVariants,
  contacts,
  responseConfirmations,
} from "../../../db/schema/index.js";
import type { ResponseNewsletter } from "../queries.js";

export async function findCalloutTitle(db: Db, calloutId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ title: calloutVariants.title })
    .from(calloutVariants)
    .where(and(eq(calloutVariants.calloutId, calloutId), eq(calloutVariants.name, DEFAULT_VARIANT)))
    .limit(1);
  return row?.title;
}

/** A confirmation made after `since`, with what linking its response needs to know. */
export async function findConfirmation(db: Db, id: string, since: Date) {
  const [row] = await db
    .select({
      confirmation: responseConfirmations,
      calloutId: calloutResponses.calloutId,
      calloutSlug: callouts.slug,
      allowMultiple: callouts.allowMultiple,
    })
    .from(responseConfirmations)
    .innerJoin(calloutResponses, eq(calloutResponses.id, responseConfirmations.responseId))
    .innerJoin(callouts, eq(callouts.id, calloutResponses.calloutId))
    .where(and(eq(responseConfirmations.id, id), gt(responseConfirmations.createdAt, since)))
    .limit(1);
  return row;
}

/** Holds the contact's row until the transaction ends, so that one contact's confirmations take turns. */
export async function lockContact(db: Db, contactId: string): Promise<void> {
  await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId)).for("update");
}

export interface LinkResponse {
  responseId: string;
  calloutId: string;
  contactId: string;
  newsletter: ResponseNewsletter;
  /** False: the contact may hold one response to the callout only. */
  allowMultiple: boolean;
}

/**
 * Links a response that belongs to nobody to the contact, with the newsletter
 * choice that waited for it; false when it cannot be linked (it already
 * belongs to someone, or the contact has answered a single-response callout).
 */
export async function linkResponse(db: Db, link: LinkResponse): Promise<boolean> {
  const other = alias(calloutResponses, "other");
  const answeredBefore = db
    .select({ one: sql`1` })
    .from(other)
    .where(and(eq(other.calloutId, link.calloutId), eq(other.contactId, link.contactId)));
  const rows = await db
    .update(calloutResponses)
    .set({ contactId: link.contactId, newsletter: link.newsletter })
    .where(
      and(
        eq(calloutResponses.id, link.responseId),
        isNull(calloutResponses.contactId),
        link.allowMultiple ? undefined : notExists(answeredBefore),
      ),
    )
    .returning({ id: calloutResponses.id });
  return rows.length > 0;
}

/** Marks the confirmation used; false when it already was. */
export async function markConfirmed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(responseConfirmations)
    .set({ confirmedAt: now })
    .where(and(eq(responseConfirmations.id, id), isNull(responseConfirmations.confirmedAt)))
    .returning({ id: responseConfirmations.id });
  return rows.length > 0;
}
