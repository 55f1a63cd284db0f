import { contributionPaths } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { ownLinkOr } from "../../http/links.js";
import { notifyOrganisation, sendEmail } from "../emails/service.js";
import { findContactByEmailIgnoringCase, isActiveMember } from "../contacts/records/service.js";
import { createResetFlow } from "../resets/service.js";
import type * as queries from "./queries.js";

/** The page address with the id as its last path segment; a query the page address has stays. */
function link(base: string, id: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${id}`;
  return url.toString();
}

/**
 * The pages of a stored join flow. The addresses were checked when the join
 * started; a flow stored before that check existed falls back on Cohort's own
 * pages rather than mail a link elsewhere (decision 049).
 */
function joinPages(ctx: AppContext, flow: Pick<queries.JoinFlowRow, "loginUrl" | "setPasswordUrl" | "confirmUrl">) {
  return {
    login: ownLinkOr(ctx.config, flow.loginUrl, "site", contributionPaths.login),
    setPassword: ownLinkOr(ctx.config, flow.setPasswordUrl, "site", contributionPaths.setPassword),
    confirm: ownLinkOr(ctx.config, flow.confirmUrl, "site", contributionPaths.confirmEmail),
  };
}

/**
 * Asks the person to confirm their address. Someone who is already an active
 * member is pointed to logging in instead, or, without a password, gets a
 * link to set one.
 */
export async function sendConfirmationEmail(
  ctx: AppContext,
  flow: queries.JoinFlowRow,
  /** The caller's open transaction, if any. */
  db: Db = ctx.db,
): Promise<void> {
  const to = { email: flow.email };
  const pages = joinPages(ctx, flow);
  const existing = await findContactByEmailIgnoringCase({ db }, flow.email);
  // The language of the page they are joining on, else the one an existing contact keeps.
  const locale = flow.locale ?? existing?.locale;
  if (existing && (await isActiveMember({ db }, existing.id, ctx.clock.now()))) {
    const names = { FNAME: existing.firstname, LNAME: existing.lastname };
    if (existing.passwordHash) {
      await sendEmail(
        ctx,
        {
          templateId: "email-exists-login",
          to,
          contactId: existing.id,
          locale,
          mergeFields: { ...names, LOGINLINK: pages.login },
        },
        { db },
      );
    } else {
      const resetFlowId = await createResetFlow({ ...ctx, db }, existing.id, "password");
      await sendEmail(
        ctx,
        {
          templateId: "email-exists-set-password",
          to,
          contactId: existing.id,
          locale,
          mergeFields: { ...names, SPLINK: link(pages.setPassword, resetFlowId) },
        },
        { db },
      );
    }
    return;
  }
  await sendEmail(
    ctx,
    {
      templateId: "confirm-email",
      to,
      contactId: existing?.id ?? null,
      locale,
      mergeFields: { FNAME: flow.firstname, LNAME: flow.lastname, CONFIRMLINK: link(pages.confirm, flow.id) },
    },
    { db },
  );
}

/** `welcome` to the new member; `new-member` to the organisation's support address when there is one. */
export async function sendJoinedEmails(
  ctx: AppContext,
  contact: { id: string; email: string; firstname: string; lastname: string },
  flow: Pick<queries.JoinFlowRow, "loginUrl" | "setPasswordUrl" | "confirmUrl">,
): Promise<void> {
  await sendEmail(ctx, {
    templateId: "welcome",
    to: { email: contact.email },
    contactId: contact.id,
    mergeFields: { FNAME: contact.firstname, LNAME: contact.lastname, LOGINLINK: joinPages(ctx, flow).login },
  });
  await notifyOrganisation(ctx, "new-member", contact);
}
