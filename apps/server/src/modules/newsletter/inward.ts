import type { NewsletterStatus } from "@cohort/common/contacts";
import type { AppContext } from "../../context.js";
import { appendStaffNote, findContactByEmail, updateContact, updateProfile } from "../contacts/records/service.js";
import { findProfileFields, rememberProviderAddress } from "./queries.js";

/** A change the provider reports of one address: only the fields it names change. */
export interface InwardChange {
  email: string;
  status?: NewsletterStatus;
  firstname?: string;
  lastname?: string;
  groups?: string[];
  /** The member changed their address at the provider: recorded for staff, never the login address. */
  newEmail?: string;
}

/**
 * Applies a change the provider reports (a webhook, a pull) to the contact with that address,
 * through the contacts' own update path. An address Cohort does not know is ignored: the
 * provider never creates contacts. Fields already as reported are not written again, so the
 * change does not travel back. Answers whether a contact was found.
 */
export async function applyInwardChange(ctx: AppContext, change: InwardChange): Promise<boolean> {
  const contact = await findContactByEmail(ctx, change.email.trim().toLowerCase());
  if (!contact) return false;
  const profile = await findProfileFields(ctx.db, contact.id);
  const profileChanges = {
    ...(change.status !== undefined && change.status !== profile?.status ? { newsletterStatus: change.status } : {}),
    ...(change.groups !== undefined &&
    [...change.groups].sort().join("\n") !== [...(profile?.groups ?? [])].sort().join("\n")
      ? { newsletterGroups: [...new Set(change.groups)] }
      : {}),
  };
  const contactChanges = {
    ...(change.firstname !== undefined && change.firstname !== contact.firstname
      ? { firstname: change.firstname }
      : {}),
    ...(change.lastname !== undefined && change.lastname !== contact.lastname ? { lastname: change.lastname } : {}),
  };
  const newEmail = change.newEmail?.trim().toLowerCase();
  const reported = newEmail && newEmail !== contact.email ? newEmail : null;
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(contactChanges).length > 0) await updateContact({ ...ctx, db: tx }, contact.id, contactChanges);
    await updateProfile({ ...ctx, db: tx }, contact.id, profileChanges);
    if (reported) {
      // Never the login address: whoever holds a forwarded newsletter can change it at the
      // provider. Staff see the request in the notes; the provider gets Cohort's address back
      // on the same subscriber, never a second one (decision 065).
      const note = `${ctx.clock.now().toISOString().slice(0, 10)} newsletter service: the subscriber changed their address there to ${reported}. The login address was not changed; the member can change it on their account page.`;
      await appendStaffNote({ ...ctx, db: tx }, contact.id, note);
      await rememberProviderAddress(tx, contact.id, reported);
    }
  });
  if (reported) {
    ctx.log.warn(
      { contactId: contact.id },
      "the provider reported a new address; it was not taken as the login address",
    );
  }
  return true;
}
