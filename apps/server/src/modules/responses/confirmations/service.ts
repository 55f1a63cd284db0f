import type { ConfirmedGuestResponse } from "@cohort/common/callouts";
import { GUEST_RESPONSE_CONFIRM_PATH } from "@cohort/common/callouts";
import type { Locale } from "@cohort/common/i18n";
import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../../context.js";
import { notFound } from "../../../http/errors.js";
import { readCache } from "../../../lib/read-cache.js";
import { emitContactEvent } from "../../contacts/records/service.js";
import { applyNewsletterOptIn } from "../../newsletter/opt-in.js";
import { composeEmail, type ComposedEmail } from "../../emails/service.js";
import { findOrInsertGuestContact, rememberContactLocale } from "../../contacts/records/service.js";
import * as confirmationQueries from "./queries.js";
import { refuse } from "../policy.js";

/** How long a guest's confirmation link works. */
export const GUEST_CONFIRMATION_LIFETIME = 30 * ONE_DAY;

/** How long a callout's title is kept for confirmation emails, unless a callout change empties the cache first. */
const TITLE_MAX_AGE_MS = 60_000;

export interface GuestDetails {
  name: string;
  email: string;
  confirmation: { id: string; firstname: string; lastname: string; locale: Locale | null };
}

/** The title of a callout's default texts, from a cache that callout changes empty on every copy. */
function calloutTitle(ctx: AppContext, callout: { id: string; slug: string }): Promise<string> {
  const now = ctx.clock.now().getTime();
  return readCache<string>(ctx.db, "callouts", "confirmation-titles").get(callout.id, now, async () => ({
    value: (await confirmationQueries.findCalloutTitle(ctx.db, callout.id)) ?? callout.slug,
    until: now + TITLE_MAX_AGE_MS,
  }));
}

/**
 * The email that asks a guest to confirm their address by its link (the
 * `confirm-callout-response` template), filled in but not yet written: it
 * goes into the outbox with the response, in the same statement. Until the
 * guest opens the link, their response belongs to nobody.
 */
export async function guestConfirmationEmail(
  ctx: AppContext,
  callout: { id: string; slug: string },
  guest: GuestDetails,
): Promise<ComposedEmail> {
  const { appUrl } = ctx.config;
  return composeEmail(ctx, {
    templateId: "confirm-callout-response",
    to: { email: guest.email, name: guest.name },
    contactId: null,
    locale: guest.confirmation.locale,
    mergeFields: {
      FNAME: guest.confirmation.firstname,
      LNAME: guest.confirmation.lastname,
      CALLOUTTITLE: await calloutTitle(ctx, callout),
      CALLOUTLINK: `${appUrl}/callouts/${encodeURIComponent(callout.slug)}`,
      CONFIRMLINK: `${appUrl}${GUEST_RESPONSE_CONFIRM_PATH}/${guest.confirmation.id}`,
    },
  });
}

/** The contact with the guest's address; made now, with the guest's names, when there is none. */
async function contactForGuest(
  ctx: AppContext,
  { email, firstname, lastname }: { email: string; firstname: string; lastname: string },
): Promise<string> {
  // Only the guest's name and address: the confirmation row passed in has an id of its own (the emailed link's).
  const contact = { id: ctx.newId(), email, firstname, lastname, joined: ctx.clock.now() };
  // The contact and its `contact.created` are written together: a confirmation that fails between
  // them and is opened again would otherwise find the contact made and never tell of it.
  return ctx.db.transaction(async (tx) => {
    // A second try finds the contact another request created at the same moment.
    const id =
      (await findOrInsertGuestContact({ ...ctx, db: tx }, contact)) ??
      (await findOrInsertGuestContact({ ...ctx, db: tx }, contact));
    if (!id) throw new Error("the guest's contact could be neither found nor created");
    if (id === contact.id) await emitContactEvent({ ...ctx, db: tx }, "contact.created", id);
    return id;
  });
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
  if (confirmation.locale) await rememberContactLocale(ctx, contactId, confirmation.locale);
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
    if (confirmation.newsletter?.optIn) {
      await applyNewsletterOptIn(tx, contactId, confirmation.newsletter.groups, "pending");
    }
  });
  return { calloutSlug: found.calloutSlug };
}
