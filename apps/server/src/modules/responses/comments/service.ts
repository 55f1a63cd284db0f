import type { SQL } from "drizzle-orm";
import type {
  CalloutResponseComment,
  CreateCalloutResponseComment,
  ListCalloutResponseCommentsQuery,
} from "@cohort/common/callouts";
import { calloutResponseCommentFilterFields } from "@cohort/common/callouts";
import type { AppContext } from "../../../context.js";
import { allOf, matchAll, matchNone } from "../../../filters/conditions.js";
import type { Identity } from "../../../http/auth.js";
import { AppError, forbidden, notFound } from "../../../http/errors.js";
import { sanitizeRichText } from "../../../lib/html.js";
import * as queries from "./queries.js";
import type { CommentRow } from "../inbox/queries.js";
import { compileRules, isAdmin, loadContacts, presentComment, triagesCallout } from "../inbox/service.js";

const commentNotFound = () => notFound("No comment with that id");

function readScope(identity: Identity): SQL | undefined {
  if (isAdmin(identity)) return undefined;
  const contactId = identity.contact?.id;
  return contactId ? queries.commentsVisibleTo(contactId) : matchNone();
}

async function present(ctx: AppContext, identity: Identity, rows: CommentRow[]): Promise<CalloutResponseComment[]> {
  const people = await loadContacts(
    ctx,
    identity,
    rows.map((row) => row.contactId),
  );
  return rows.flatMap((row) => {
    const author = people.get(row.contactId);
    return author ? [presentComment(row, author)] : [];
  });
}

export async function listComments(ctx: AppContext, identity: Identity, query: ListCalloutResponseCommentsQuery) {
  const rules = compileRules(ctx, identity, query.rules, calloutResponseCommentFilterFields, queries.commentFilterSql);
  const scope = readScope(identity);
  const { rows, total } = await queries.findCommentPage(ctx.db, {
    where: allOf([matchAll(), ...(scope ? [scope] : []), ...(rules ? [rules] : [])]),
    sort: query.sort ?? "createdAt",
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  const items = await present(ctx, identity, rows);
  return { items, total, offset: query.offset, count: items.length };
}

export async function getComment(ctx: AppContext, identity: Identity, id: string) {
  const row = await queries.findComment(ctx.db, id, readScope(identity));
  if (!row) throw commentNotFound();
  const [item] = await present(ctx, identity, [row]);
  if (!item) throw commentNotFound();
  return item;
}

/** Admins and the reviewers of the response's callout comment; the author is the caller. */
export async function createComment(ctx: AppContext, identity: Identity, input: CreateCalloutResponseComment) {
  const contactId = identity.contact?.id;
  const calloutId = await queries.findResponseCallout(ctx.db, input.responseId);
  if (!calloutId || !(await triagesCallout(ctx, identity, calloutId))) throw notFound("No response with that id");
  if (!contactId) {
    throw new AppError("invalid-request", {
      status: 400,
      message: "A comment needs an author: send X-Contact-Id with the API key",
    });
  }
  const now = ctx.clock.now();
  const row = await queries.insertComment(ctx.db, {
    id: ctx.newId(),
    responseId: input.responseId,
    contactId,
    text: sanitizeRichText(input.text),
    createdAt: now,
    updatedAt: now,
  });
  return getComment(ctx, identity, row.id);
}

/** Only the author edits a comment. */
export async function updateComment(ctx: AppContext, identity: Identity, id: string, text: string) {
  const row = await queries.findComment(ctx.db, id, readScope(identity));
  if (!row) throw commentNotFound();
  if (row.contactId !== identity.contact?.id) throw forbidden();
  await queries.updateComment(ctx.db, id, sanitizeRichText(text), ctx.clock.now());
  return getComment(ctx, identity, id);
}

/** The author or an admin deletes a comment. */
export async function deleteComment(ctx: AppContext, identity: Identity, id: string) {
  const row = await queries.findComment(ctx.db, id, readScope(identity));
  if (!row) throw commentNotFound();
  if (!isAdmin(identity) && row.contactId !== identity.contact?.id) throw forbidden();
  await queries.deleteComment(ctx.db, id);
}
