import { ACTIVITY_HIDDEN_VALUE } from "@cohort/common/activity";
import type { SQL } from "drizzle-orm";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type {
  BulkUpdateCalloutResponses,
  CalloutResponse,
  CalloutResponseComment,
  CalloutResponseWith,
  ListCalloutResponsesQuery,
  UpdateCalloutResponse,
} from "@cohort/common/callouts";
import { keptAttribution } from "@cohort/common/attribution";
import { answerFilterFields, calloutResponseFilterFields, DEFAULT_VARIANT } from "@cohort/common/callouts";
import type { Contact } from "@cohort/common/contacts";
import type { FilterFields, RuleGroup } from "@cohort/common/filters";
import type { AppContext } from "../../../context.js";
import { allOfGrouped, matchAll, matchNone } from "../../../filters/conditions.js";
import { compileRuleGroup, type FieldSqlMap } from "../../../filters/sql.js";
import { validateRulesOr400 } from "../../../filters/validate.js";
import type { Identity } from "../../../http/auth.js";
import type { AppError } from "../../../http/errors.js";
import { forbidden, notFound } from "../../../http/errors.js";
import { invalidField } from "../../../http/parse.js";
import { presentCallout } from "../../callouts/presenter.js";
import { findVariants, reviewsCallout } from "../../callouts/records-service.js";
import { findRolesOf } from "../../contacts/records/service.js";
import { presentContact } from "../../contacts/presenter.js";
import * as queries from "./queries.js";
import { presentResponse } from "../presenter.js";
import { checkAnswers, findCallout, type ResponseCallout } from "../service.js";
import { changesOf, createdOf, recordActivity } from "../../activity/service.js";

export const isAdmin = (identity: Identity) => identity.roles.includes("admin");

/** Whether the caller triages this callout's responses: an admin, or one of its reviewers. */
export async function triagesCallout(ctx: AppContext, identity: Identity, calloutId: string): Promise<boolean> {
  if (isAdmin(identity)) return true;
  const contactId = identity.contact?.id;
  return contactId ? reviewsCallout(ctx, contactId, calloutId) : false;
}

/** The callout, for an admin or one of its reviewers; anyone else is refused. */
export async function calloutForTriage(ctx: AppContext, identity: Identity, idOrSlug: string) {
  const callout = await findCallout(ctx, idOrSlug);
  if (!(await triagesCallout(ctx, identity, callout.id))) throw forbidden();
  return callout;
}

/** The base response filters, `tags` included. */
export const inboxFilterFields: FilterFields = calloutResponseFilterFields;

/** Filters on what staff did with a response, or on the link it was answered from. */
const staffMatters: ReadonlySet<string> = new Set(["tags", "assignee", "utmSource", "utmMedium", "utmCampaign", "ref"]);

/**
 * The filters of someone reading responses they do not triage (their own): none on staff
 * matters. Which responses a filter on tags, the assignee or the link's campaign keeps would
 * tell a member what staff did with their response, which its presenter keeps from them.
 */
const ownResponseFilterFields: FilterFields = Object.fromEntries(
  Object.entries(inboxFilterFields).filter(([name]) => !staffMatters.has(name)),
);

export function compileRules(
  ctx: AppContext,
  identity: Identity,
  rules: RuleGroup | undefined,
  fields: FilterFields,
  fieldSql: FieldSqlMap,
): SQL | undefined {
  if (!rules) return undefined;
  const validated = validateRulesOr400(rules, fields, { now: ctx.clock.now(), contactId: identity.contact?.id });
  return compileRuleGroup(validated, fieldSql);
}

/**
 * The filters of one callout's responses: the base ones and its answers; for a caller who does
 * not triage the callout (`triages` false, reading their own responses), none on staff matters.
 */
export function calloutRules(
  ctx: AppContext,
  identity: Identity,
  callout: ResponseCallout,
  rules?: RuleGroup,
  triages = true,
) {
  return compileRules(
    ctx,
    identity,
    rules,
    { ...(triages ? inboxFilterFields : ownResponseFilterFields), ...answerFilterFields(callout.formSchema) },
    queries.calloutFilterSql(callout.formSchema),
  );
}

/**
 * Which responses a caller may read across callouts: an admin all, anyone
 * else their own and those of the callouts they review.
 */
function readScope(identity: Identity): SQL | undefined {
  if (isAdmin(identity)) return undefined;
  const contactId = identity.contact?.id;
  return contactId ? queries.visibleToContact(contactId) : matchNone();
}

/** Which responses a caller may change: an admin all, a reviewer those of their callouts. */
function changeScope(identity: Identity): SQL | undefined {
  if (isAdmin(identity)) return undefined;
  const contactId = identity.contact?.id;
  return contactId ? queries.reviewedBy(contactId) : matchNone();
}

const withOptions = (query: { with: CalloutResponseWith[]; "with[]": CalloutResponseWith[] }) =>
  new Set([...query.with, ...query["with[]"]]);

export function presentComment(row: queries.CommentRow, contact: Contact): CalloutResponseComment {
  return {
    id: row.id,
    responseId: row.responseId,
    text: row.text,
    contact,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Contacts as the API shows them, by id. */
export async function loadContacts(ctx: AppContext, identity: Identity, ids: Iterable<string>) {
  const unique = [...new Set(ids)];
  const [rows, roles] = await Promise.all([queries.findContactsByIds(ctx.db, unique), findRolesOf(ctx, unique)]);
  const now = ctx.clock.now();
  return new Map(
    rows.map((contact) => [
      contact.id,
      presentContact(
        { contact, roles: roles.get(contact.id) ?? [] },
        { with: [], isAdminViewer: isAdmin(identity), now },
      ),
    ]),
  );
}

/** Which callouts' triage data (assignee, tags, comments) the caller may see. */
async function triageCheck(ctx: AppContext, identity: Identity): Promise<(calloutId: string) => boolean> {
  if (isAdmin(identity)) return () => true;
  const contactId = identity.contact?.id;
  if (!contactId) return () => false;
  const reviewed = await queries.findReviewedCalloutIds(ctx.db, contactId);
  return (calloutId) => reviewed.has(calloutId);
}

/**
 * Responses with what `with` asks for. The contact who answered is shown to
 * admins only: reviewers and members never get the key. The assignee, tags
 * and latest comment are staff matters: they come only with responses of
 * callouts the caller triages, so a member reading their own response never
 * sees them.
 */
async function presentRows(
  ctx: AppContext,
  identity: Identity,
  allRows: queries.InboxRow[],
  wanted: Set<CalloutResponseWith>,
): Promise<CalloutResponse[]> {
  const triaged = await triageCheck(ctx, identity);
  const rows = allRows.filter((row) => triaged(row.calloutId));
  const ids = rows.map((row) => row.id);
  const withContact = wanted.has("contact") && isAdmin(identity);
  const [tags, latest, calloutRows] = await Promise.all([
    wanted.has("tags") ? queries.findTagsOfResponses(ctx.db, ids) : undefined,
    wanted.has("latestComment") ? queries.findLatestComments(ctx.db, ids) : undefined,
    wanted.has("callout") ? queries.findCalloutsByIds(ctx.db, [...new Set(allRows.map((row) => row.calloutId))]) : [],
  ]);
  const contactIds = [
    ...(withContact ? rows.map((row) => row.contactId) : []),
    ...(wanted.has("assignee") ? rows.map((row) => row.assigneeId) : []),
    ...[...(latest?.values() ?? [])].map((comment) => comment.contactId),
  ].filter((id): id is string => id !== null);
  const [people, variants] = await Promise.all([
    loadContacts(ctx, identity, contactIds),
    calloutRows.length
      ? findVariants(
          ctx,
          calloutRows.map((row) => row.id),
          [DEFAULT_VARIANT],
        )
      : [],
  ]);
  const now = ctx.clock.now();
  const calloutsById = new Map(
    calloutRows.map((row) => [
      row.id,
      presentCallout(
        row,
        variants.find((variant) => variant.calloutId === row.id),
        [],
        {},
        now,
      ),
    ]),
  );
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return allRows.map((row) => {
    const base = presentResponse(row, wanted.has("answers") ? row.answers : undefined);
    const withCallout =
      wanted.has("callout") && calloutsById.has(row.calloutId) ? { callout: calloutsById.get(row.calloutId)! } : {};
    if (!triaged(row.calloutId)) return { ...base, ...withCallout };
    const comment = latest?.get(row.id);
    const commentAuthor = comment ? people.get(comment.contactId) : undefined;
    const attribution = keptAttribution(row);
    return {
      ...base,
      ...(attribution ? { attribution } : {}),
      ...(withContact ? { contact: person(row.contactId) } : {}),
      ...(wanted.has("assignee") ? { assignee: person(row.assigneeId) } : {}),
      ...withCallout,
      ...(latest ? { latestComment: comment && commentAuthor ? presentComment(comment, commentAuthor) : null } : {}),
      ...(tags ? { tags: tags.get(row.id) ?? [] } : {}),
    };
  });
}

async function page(
  ctx: AppContext,
  identity: Identity,
  where: SQL,
  query: ListCalloutResponsesQuery,
): Promise<{ items: CalloutResponse[]; total: number; offset: number; count: number }> {
  const { rows, total } = await queries.findInboxPage(ctx.db, {
    where,
    sort: query.sort ?? "createdAt",
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  const items = await presentRows(ctx, identity, rows, withOptions(query));
  return { items, total, offset: query.offset, count: items.length };
}

/**
 * One callout's responses: its admins and reviewers see every one, anyone
 * else only their own. Answers can be filtered by `answers.<slideId>.<key>`.
 */
export async function listCalloutResponses(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  query: ListCalloutResponsesQuery,
) {
  const callout = await findCallout(ctx, idOrSlug);
  const contactId = identity.contact?.id;
  const triage = await triagesCallout(ctx, identity, callout.id);
  const own = contactId ? queries.givenBy(contactId) : matchNone();
  const where = allOfGrouped(
    queries.ofCallout(callout.id),
    triage ? undefined : own,
    calloutRules(ctx, identity, callout, query.rules, triage),
  )!;
  return page(ctx, identity, where, query);
}

/**
 * Responses across callouts, as far as the caller may read them. Only an admin filters them on
 * staff matters: anyone else's list mixes their own responses with those they review.
 */
export async function listAllResponses(ctx: AppContext, identity: Identity, query: ListCalloutResponsesQuery) {
  const fields = isAdmin(identity) ? inboxFilterFields : ownResponseFilterFields;
  const rules = compileRules(ctx, identity, query.rules, fields, queries.inboxFilterSql);
  return page(ctx, identity, allOfGrouped(matchAll(), readScope(identity), rules)!, query);
}

export async function getResponse(
  ctx: AppContext,
  identity: Identity,
  id: string,
  query: { with: CalloutResponseWith[]; "with[]": CalloutResponseWith[] },
) {
  const row = await queries.findInboxResponse(ctx.db, id, readScope(identity));
  if (!row) throw notFound("No response with that id");
  const [item] = await presentRows(ctx, identity, [row], withOptions(query));
  return item!;
}

function tagChanges(tags: readonly string[] | undefined) {
  const pick = (sign: string) => [
    ...new Set((tags ?? []).filter((tag) => tag.startsWith(sign)).map((tag) => tag.slice(1).toLowerCase())),
  ];
  return { addTags: pick("+"), removeTags: pick("-") };
}

/** An assignee must be a contact (the column's foreign key would otherwise fail). */
async function checkAssignee(ctx: AppContext, assigneeId: string | null | undefined): Promise<void> {
  if (!assigneeId) return;
  const [found] = await queries.findContactsByIds(ctx.db, [assigneeId]);
  if (!found) {
    throw invalidField("assigneeId", { key: "adminValidation.unknownContact" }, { rule: "notFound" });
  }
}

function invalidTag(): AppError {
  return invalidField(
    "tags",
    { key: "adminValidation.unknownCalloutTag" },
    { rule: "invalidTag", summary: "A tag can only be added to responses of its own callout" },
  );
}

/**
 * Changes one response. Admins and the callout's reviewers may move, tag and
 * assign it; only an admin corrects answers, which are checked against the
 * form as a submission is.
 */
export async function updateResponse(ctx: AppContext, identity: Identity, id: string, input: UpdateCalloutResponse) {
  const row = await queries.findInboxResponse(ctx.db, id, changeScope(identity));
  if (!row) throw notFound("No response with that id");
  let answers: CalloutAnswers | undefined;
  if (input.answers !== undefined) {
    if (!isAdmin(identity)) throw forbidden();
    const callout = await findCallout(ctx, row.calloutId);
    answers = checkAnswers(callout, input.answers, ctx.clock.now());
  }
  await checkAssignee(ctx, input.assigneeId);
  const changes = tagChanges(input.tags);
  const known = await queries.findCalloutTagIds(ctx.db, row.calloutId, changes.addTags);
  if (changes.addTags.some((tagId) => !known.has(tagId))) throw invalidTag();
  await queries.updateResponses(
    ctx.db,
    queries.responseWithId(row.id),
    {
      ...changes,
      ...(answers !== undefined ? { answers } : {}),
      ...(input.bucket !== undefined ? { bucket: input.bucket } : {}),
      ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
    },
    ctx.clock.now(),
  );
  const updated = await queries.findInboxResponse(ctx.db, id, undefined);
  await recordActivity(ctx, {
    kind: "response.update",
    target: row.id,
    changes: {
      ...changesOf(row, { bucket: input.bucket, assigneeId: input.assigneeId }),
      ...(input.tags !== undefined ? { tags: { before: null, after: input.tags } } : {}),
      // That answers were corrected, never what they said.
      ...(answers !== undefined ? { answers: { before: ACTIVITY_HIDDEN_VALUE, after: ACTIVITY_HIDDEN_VALUE } } : {}),
    },
  });
  return presentResponse(updated!);
}

/**
 * Changes every response the rules select among those the caller may change.
 * Tags are added only to responses of the tag's callout.
 */
export async function bulkUpdateResponses(ctx: AppContext, identity: Identity, input: BulkUpdateCalloutResponses) {
  const rules = compileRules(ctx, identity, input.rules, inboxFilterFields, queries.inboxFilterSql);
  const { updates } = input;
  await checkAssignee(ctx, updates.assigneeId);
  const ids = await queries.updateResponses(
    ctx.db,
    allOfGrouped(matchAll(), changeScope(identity), rules)!,
    {
      ...tagChanges(updates.tags),
      ...(updates.bucket !== undefined ? { bucket: updates.bucket } : {}),
      ...(updates.assigneeId !== undefined ? { assigneeId: updates.assigneeId } : {}),
    },
    ctx.clock.now(),
  );
  await recordActivity(ctx, {
    kind: "response.bulk-update",
    count: ids.length,
    ids,
    changes: createdOf({ bucket: updates.bucket, assigneeId: updates.assigneeId, tags: updates.tags }),
  });
  return { affected: ids.length };
}
