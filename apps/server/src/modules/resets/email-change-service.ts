import { EMAIL_CHANGE_PAGE_PATH } from "@cohort/common/contacts";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { notFound } from "../../http/errors.js";
import type { ContactRow } from "../contacts/records/service.js";
import { duplicateEmail } from "../contacts/service.js";
import { sendEmail } from "../emails/service.js";
import { setEmail } from "../contacts/records/service.js";
import * as queries from "./queries.js";
import { RESET_FLOW_LIFETIME } from "./service.js";

const unknownLink = () => notFound("This link is unknown, has expired or has already been used");

/**
 * Starts a change of someone's own email address: the new address gets a
 * single-use link that works for a day, the current address is told. Until
 * the link is opened nothing changes; a newer request replaces an older one.
 */
export async function requestEmailChange(
  ctx: AppContext,
  contact: Pick<ContactRow, "id" | "email" | "firstname" | "lastname" | "locale">,
  newEmail: string,
): Promise<void> {
  // The new address belongs to no contact yet: both emails use the contact's own language.
  const { locale } = contact;
  const id = ctx.newId();
  const now = ctx.clock.now();
  const names = { FNAME: contact.firstname, LNAME: contact.lastname };
  await ctx.db.transaction(async (tx) => {
    await queries.deleteResetFlowsOfContact(tx, contact.id, "email");
    await queries.insertResetFlow(tx, {
      id,
      contactId: contact.id,
      type: "email",
      newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_FLOW_LIFETIME),
    });
    const link = `${ctx.config.appUrl}${EMAIL_CHANGE_PAGE_PATH}/${id}`;
    await sendEmail(
      ctx,
      {
        templateId: "confirm-email-change",
        to: { email: newEmail },
        contactId: contact.id,
        locale,
        mergeFields: { ...names, CONFIRMLINK: link, NEWEMAIL: newEmail },
      },
      { db: tx },
    );
    await sendEmail(
      ctx,
      {
        templateId: "email-change-requested",
        to: { email: contact.email },
        contactId: contact.id,
        locale,
        mergeFields: { ...names, NEWEMAIL: newEmail },
      },
      { db: tx },
    );
  });
}

/**
 * Opens an email-change link: the contact's address becomes the confirmed
 * one. The link is used up, and so is every other link of the contact (reset
 * links went to the old address).
 */
export async function confirmEmailChange(ctx: AppContext, flowId: string): Promise<void> {
  const flow = await queries.findLiveResetFlow(ctx.db, flowId, ctx.clock.now());
  if (flow?.type !== "email" || !flow.newEmail) throw unknownLink();
  const newEmail = flow.newEmail;
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await queries.deleteResetFlow(tx, flow.id))) throw unknownLink();
      await setEmail({ ...ctx, db: tx }, flow.contactId, newEmail);
      await queries.deleteResetFlowsOfContact(tx, flow.contactId);
    });
  } catch (error) {
    if (isUniqueViolation(error, "contacts_email_key")) throw duplicateEmail();
    throw error;
  }
}

/** Drops every pending link of a contact, for when their address changed by other means. */
export async function forgetResetLinks(ctx: AppContext, contactId: string): Promise<void> {
  await queries.deleteResetFlowsOfContact(ctx.db, contactId);
}
