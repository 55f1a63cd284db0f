import type { NewsletterStatus } from "@cohort/common/contacts";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { findContactByEmail, updateContact, updateProfile } from "../contacts/records-service.js";
import { findProfileFields } from "./queries.js";
import { forgetResetLinks } from "../resets/email-change-service.js";

/** A change the provider reports of one address: only the fields it names change. */
export interface InwardChange {
  email: string;
  status?: NewsletterStatus;
  firstname?: string;
  lastname?: string;
  groups?: string[];
  /** The member changed their address at the provider. */
  newEmail?: string;
}

/**
 * Applies a change the provider reports (a webhook, a pull) to the contact with that address,
 * through the contacts' own update path. An address Cohort does not know is ignored: the
 * provider never creates contacts. Fields already as reported are not written again, so the
 * change does not travel back. Answers whether a contact was found.
 */
export async function applyInwardChange(ctx: AppContext, change: InwardChange): Promise<boolean> {
  const contact = await findContactByEmail(ctx.db, change.email.trim().toLowerCase());
  if (!contact) return false;
  const profile = await findProfileFields(ctx.db, contact.id);
  const profileChanges = {
    ...(change.status !== undefined && change.status !== profile?.status ? { newsletterStatus: change.status } : {}),
    ...(change.groups !== undefined &&
    [...change.groups].sort().join("\n") !== [...(profile?.groups ?? [])].sort().join("\n")
      ? { newsletterGroups: [...new Set(change.groups)] }
      : {}),
  };
  const newEmail = change.newEmail?.trim().toLowerCase();
  const contactChanges = {
    ...(change.firstname !== undefined && change.firstname !== contact.firstname
      ? { firstname: change.firstname }
      : {}),
    ...(change.lastname !== undefined && change.lastname !== contact.lastname ? { lastname: change.lastname } : {}),
    ...(newEmail && newEmail !== contact.email ? { email: newEmail } : {}),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(contactChanges).length > 0) await updateContact(tx, contact.id, contactChanges);
      await updateProfile(tx, contact.id, profileChanges);
    });
  } catch (error) {
    // The new address belongs to someone else in Cohort: the rest of the change stands.
    if (!isUniqueViolation(error, "contacts_email_key")) throw error;
    const { email: _taken, ...rest } = contactChanges;
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(rest).length > 0) await updateContact(tx, contact.id, rest);
      await updateProfile(tx, contact.id, profileChanges);
    });
    ctx.log.warn({ contactId: contact.id }, "the provider's new address belongs to another contact; it was not taken");
    return true;
  }
  // As when an admin changes an address: links sent to the old one stop working.
  if (contactChanges.email) await forgetResetLinks(ctx, contact.id);
  return true;
}
