import type { ConfirmedGuestResponse } from "@cohort/common/callouts";
import { GUEST_RESPONSE_CONFIRM_PATH } from "@cohort/common/callouts";
import type { Locale } from "@cohort/common/i18n";
import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { sendEmail } from "../emails/service.js";
import * as confirmationQueries from "./confirmation-queries.js";
import { refuse } from "./policy.js";
import * as queries from "./queries.js";

/** How long a guest's confirmation link works. */
export const GUEST_CONFIRMATION_LIFETIME = 30 * ONE_DAY;

export interface GuestDetails {
  name: string;
  email: string;
  confirmation: { id: string; firstname: string; lastname: string; locale: Locale | null };
}

/**
 * Emails a guest the link that confirms their address (the
 * `confirm-callout-response` template). Until they open it, their response
 * belongs to nobody.
 */
export async function sendGuestConfirmation(
  ctx: AppContext,
  callout: { id: string; slug: string },
  guest: GuestDetails,
): Promise<void> {
  const title = (await confirmationQueries.findCalloutTitle(ctx.db, callout.id)) ?? callout.slug;
  const { appUrl } = ctx.config;
  await sendEmail(ctx, {
    templateId: "confirm-callout-response",
    to: { email: guest.email, name: guest.name },
    contactId: null,
    locale: guest.confirmation.locale,
    mergeFields: {
      FNAME: guest.confirmation.firstname,
      LNAME: guest.confirmation.lastname,
      CALLOUTTITLE: title,
      CALLOUTLINK: `${appUrl}/callouts/${encodeURIComponent(callout.slug)}`,
      CONFIRMLINK: `${appUrl}${GUEST_RESPONSE_CONFIRM_PATH}/${guest.confirmation.id}`,
    },
  });
}

/** The contact with the guest's address; made now, with the guest's names, when there is none. */
async function contactForGuest(
  ctx: AppContext,
  confirmation: { email: string; firstname: string; lastname: string },
): Promise<string> {
  const contact = { id: ctx.newId(), ...confirmation, joined: ctx.clock.now() };
  // A second try finds the contact another request created at the same moment.
  const id =
    (await queries.findOrInsertGuestContact(ctx.db, contact)) ??
    (await queries.findOrInsertGuestContact(ctx.db, contact));
  if (!id) throw new Error("the guest's contact could be neither found nor created");
  return id;
}

/**
 * Opening the emailed link proves the guest holds the address: the response
 * is linked to the contact with that address (made now if there is none) and
 * the newsletter choice is kept. On a single-response callout that the
 * contact has answered already, the response stays apart (`cant-update`).
 * Opening the link again changes nothing.
 */
export async function confirmGuestResponse(ctx: AppContext, token: string): Promise<ConfirmedGuestResponse> {
  const now = ctx.clock.now();
  const found = await confirmationQueries.findConfirmation(
    ctx.db,
    token,
    new Date(now.getTime() - GUEST_CONFIRMATION_LIFETIME),
  );
  if (!found) throw notFound("This link is unknown or has expired");
  const { confirmation } = found;
  if (confirmation.confirmedAt) return { calloutSlug: found.calloutSlug };

  const contactId = await contactForGuest(ctx, confirmation);
  if (confirmation.locale) await queries.rememberContactLocale(ctx.db, contactId, confirmation.locale);
  await ctx.db.transaction(async (tx) => {
    await confirmationQueries.lockContact(tx, contactId);
    if (!(await confirmationQueries.markConfirmed(tx, confirmation.id, now))) return;
    const isLinked = await confirmationQueries.linkResponse(tx, {
      responseId: confirmation.responseId,
      calloutId: found.calloutId,
      contactId,
      newsletter: confirmation.newsletter,
      allowMultiple: found.allowMultiple,
    });
    if (!isLinked) throw refuse("cant-update");
  });
  return { calloutSlug: found.calloutSlug };
}
