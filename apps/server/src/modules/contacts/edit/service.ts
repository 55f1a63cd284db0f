import type { Contact, NewsletterStatus, UpdateContact } from "@cohort/common/contacts";
import type { AppContext } from "../../../context.js";
import { changesOf, recordActivity } from "../../activity/service.js";
import { isUniqueViolation } from "../../../db/errors.js";
import type { Identity } from "../../../http/auth.js";
import { AppError, forbidden, notFound } from "../../../http/errors.js";
import { hashPassword } from "../../../lib/password.js";
import { confirmIdentity, endOtherSessions, forgetResetLinks, requestEmailChange } from "./account-hooks.js";
import * as bulkQueries from "../bulk/queries.js";
import { assertMayManageContact } from "../policy.js";
import * as queries from "../queries.js";
import { emitContactEvent } from "../records/service.js";
import { CONTACT_RECORDED_FIELDS, duplicateEmail, getContact } from "../service.js";
import { emitEvent } from "../../webhooks/events.js";

/** Profile fields the activity record keeps before and after; notes and description only as changed. */
const PROFILE_RECORDED_FIELDS = [
  "telephone",
  "twitter",
  "preferredContact",
  "deliveryOptIn",
  "newsletterStatus",
  "newsletterGroups",
  "notes",
  "description",
] as const;

/** Refuses a change that would leave no admin (also for the bulk deletion, `bulk/service.ts`). */
export const lastAdmin = () =>
  new AppError("invalid-request", {
    status: 400,
    message: "This is the only admin left. Make someone else an admin first.",
  });

/**
 * Changes a contact's name, email, password or profile. Notes and description
 * are for admins only. Nobody changes a contact that outranks them. People
 * changing their own password or email address prove who they are with the
 * current password and code (decision 051); their own new email address
 * takes effect once they open the link sent to it (decision 017).
 * An admin changing someone else's address or password does so at once.
 */
export async function updateContact(
  ctx: AppContext,
  identity: Identity,
  contactId: string,
  input: UpdateContact,
  address: string,
): Promise<Contact> {
  await assertMayManageContact(ctx, identity, contactId);
  const isAdmin = identity.roles.includes("admin");
  if (!isAdmin && (input.profile?.notes !== undefined || input.profile?.description !== undefined)) throw forbidden();
  const contact = await queries.findContactById(ctx.db, contactId);
  if (!contact) throw notFound("No contact with that id");
  const profileBefore = input.profile ? await queries.findProfile(ctx.db, contactId) : undefined;
  const isSelf = identity.contact?.id === contactId;
  const newEmail = input.email !== undefined && input.email !== contact.email.toLowerCase() ? input.email : undefined;
  // Before anything else, so that a borrowed session cannot even learn whether an address is taken.
  if (isSelf && (input.password || newEmail)) await confirmIdentity.call(ctx, contact, input, address);
  if (isSelf && newEmail) {
    const holder = await queries.findContactByEmail(ctx.db, newEmail);
    if (holder && holder.id !== contactId) throw duplicateEmail();
  }
  const passwordHash = input.password ? await hashPassword(ctx, input.password) : undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const changes = {
        ...(newEmail && !isSelf ? { email: newEmail } : {}),
        ...(input.firstname !== undefined ? { firstname: input.firstname } : {}),
        ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
        ...(input.locale !== undefined ? { locale: input.locale } : {}),
        ...(passwordHash ? { passwordHash, passwordTries: 0 } : {}),
      };
      if (Object.keys(changes).length > 0) await queries.updateContact(tx, contactId, changes);
      if (input.profile) await queries.updateProfile(tx, contactId, input.profile);
      await emitContactEvent({ ...ctx, db: tx }, "contact.updated", contactId);
    });
  } catch (error) {
    if (isUniqueViolation(error, "contacts_email_key")) throw duplicateEmail();
    throw error;
  }
  if (passwordHash) {
    // A new password logs out every other browser; the one that changed it stays in.
    await endOtherSessions.call(ctx, contactId, isSelf ? (identity.sessionId ?? null) : null);
  }
  if (newEmail && isSelf) await requestEmailChange.call(ctx, contact, newEmail);
  // Links sent to the old address stop working once it is no longer the contact's.
  if (newEmail && !isSelf) await forgetResetLinks.call(ctx, contactId);
  await recordActivity(ctx, {
    kind: "contact.update",
    contactId,
    changes: {
      ...changesOf(contact, { ...input, ...(isSelf ? { email: undefined } : {}) }, CONTACT_RECORDED_FIELDS),
      ...(input.profile ? changesOf(profileBefore, input.profile, PROFILE_RECORDED_FIELDS) : {}),
    },
  });
  return getContact(ctx, contactId, { with: input.profile ? ["profile"] : [], isAdminViewer: isAdmin });
}

/**
 * Deletes a contact and their personal data. Payments stay, without a
 * contact; keys they created stay, without a creator. The last admin cannot
 * be deleted, nor a contact that outranks the caller.
 */
export async function deleteContact(ctx: AppContext, identity: Identity, contactId: string): Promise<void> {
  await assertMayManageContact(ctx, identity, contactId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (
      (await queries.isActiveAdmin(tx, contactId, now)) &&
      (await queries.countActiveRoleHolders(tx, ["admin", "superadmin"], now)) <= 1
    ) {
      throw lastAdmin();
    }
    if (!(await bulkQueries.deleteContactRow(tx, contactId))) throw notFound("No contact with that id");
    await emitEvent({ ...ctx, db: tx }, "contact.deleted", { id: contactId });
  });
  await recordActivity(ctx, { kind: "contact.delete", contactId });
}

/**
 * Sets a contact's newsletter status. Every change of the status that does
 * not come from an admin's form (an unsubscribe link, a mail client's
 * one-click unsubscribe) goes through here, so whatever keeps a newsletter
 * service in step sees it. Answers false when there is no such contact.
 */
export async function setNewsletterStatus(
  ctx: AppContext,
  contactId: string,
  status: NewsletterStatus,
): Promise<boolean> {
  const profile = await queries.findProfile(ctx.db, contactId);
  if (!profile) return false;
  if (profile.newsletterStatus !== status) await queries.updateProfile(ctx.db, contactId, { newsletterStatus: status });
  ctx.log.info({ contactId, newsletterStatus: status }, "newsletter status changed");
  return true;
}
