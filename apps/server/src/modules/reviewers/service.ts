import type { CalloutReviewer } from "@cohort/common/callouts";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { forbidden, notFound } from "../../http/errors.js";
import { findVisibleCallout } from "../callouts/service.js";
import { getContact } from "../contacts/service.js";
import * as queries from "./queries.js";

const isAdmin = (identity: Identity) => identity.roles.includes("admin");

/** Admins, and the reviewers of this callout, may read its reviewer list. */
async function calloutForReader(ctx: AppContext, identity: Identity, idOrSlug: string) {
  const callout = await findVisibleCallout(ctx, identity, idOrSlug);
  if (isAdmin(identity)) return callout;
  const contactId = identity.contact?.id;
  if (!contactId || !(await queries.findReviewer(ctx.db, callout.id, contactId))) throw forbidden();
  return callout;
}

async function present(ctx: AppContext, identity: Identity, row: queries.ReviewerRow): Promise<CalloutReviewer> {
  const contact = await getContact(ctx, row.contactId, { with: [], isAdminViewer: isAdmin(identity) });
  return { id: row.id, contact };
}

export async function listReviewers(ctx: AppContext, identity: Identity, idOrSlug: string) {
  const callout = await calloutForReader(ctx, identity, idOrSlug);
  const rows = await queries.listReviewers(ctx.db, callout.id);
  return Promise.all(rows.map((row) => present(ctx, identity, row)));
}

export async function getReviewer(ctx: AppContext, identity: Identity, idOrSlug: string, reviewerId: string) {
  const callout = await calloutForReader(ctx, identity, idOrSlug);
  const row = await queries.findReviewer(ctx.db, callout.id, reviewerId);
  if (!row) throw notFound("No reviewer with that id on this callout");
  return present(ctx, identity, row);
}

export async function addReviewer(ctx: AppContext, identity: Identity, idOrSlug: string, contactId: string) {
  const callout = await findVisibleCallout(ctx, identity, idOrSlug);
  if (!(await queries.contactExists(ctx.db, contactId))) throw notFound("No contact with that id");
  const row = await queries.addReviewer(ctx.db, {
    id: ctx.newId(),
    calloutId: callout.id,
    contactId,
    createdAt: ctx.clock.now(),
  });
  return present(ctx, identity, row);
}

export async function removeReviewer(ctx: AppContext, identity: Identity, idOrSlug: string, reviewerId: string) {
  const callout = await findVisibleCallout(ctx, identity, idOrSlug);
  const row = await queries.findReviewer(ctx.db, callout.id, reviewerId);
  if (!row) throw notFound("No reviewer with that id on this callout");
  await queries.deleteReviewer(ctx.db, row.id);
}

/** Writes reviewers chosen elsewhere as they are (the sample callouts'); the reviewers module owns them (decision 083). */
export async function insertReviewers(
  ctx: Pick<AppContext, "db">,
  rows: Parameters<typeof queries.insertReviewers>[1],
): Promise<void> {
  await queries.insertReviewers(ctx.db, rows);
}
