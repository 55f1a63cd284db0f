import type { CalloutTag, CreateCalloutTag, ListCalloutTagsQuery, UpdateCalloutTag } from "@cohort/common/callouts";
import { calloutTagFilterFields } from "@cohort/common/callouts";
import { isUuid } from "@cohort/common/http";
import type { AppContext } from "../../../context.js";
import type { Identity } from "../../../http/auth.js";
import { isUniqueViolation } from "../../../db/errors.js";
import { notFound } from "../../../http/errors.js";
import { sanitizeTextOrHtml } from "../../../lib/html.js";
import { duplicateTagName } from "../../tags/service.js";
import { calloutForTriage, compileRules } from "../inbox/service.js";
import * as queries from "./queries.js";
import { changesOf, createdOf, recordActivity, removedOf } from "../../activity/service.js";

const tagNotFound = () => notFound("No tag with that id on this callout");

/** A callout's tag names are unique regardless of case, as contact tags are; the unique index decides. */
async function uniqueName<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, "callout_tags_name_key")) throw duplicateTagName();
    throw error;
  }
}

function present(row: queries.CalloutTagRow & { responseCount?: number }): CalloutTag {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...(row.responseCount !== undefined ? { responseCount: row.responseCount } : {}),
  };
}

/** A callout's tags, for its admins and reviewers (every tag, not paginated). */
/** Gives a copied callout the tags of the one it was copied from. */
export async function copyCalloutTags(ctx: AppContext, fromCalloutId: string, toCalloutId: string): Promise<void> {
  await queries.copyTags(ctx.db, fromCalloutId, toCalloutId, () => ctx.newId(), ctx.clock.now());
}

export async function listTags(ctx: AppContext, identity: Identity, idOrSlug: string, query: ListCalloutTagsQuery) {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  const where = compileRules(ctx, identity, query.rules, calloutTagFilterFields, queries.calloutTagFilterSql);
  const rows = await queries.listTags(ctx.db, {
    calloutId: callout.id,
    where,
    sort: query.sort ?? "name",
    order: query.order,
    withCount: [...query.with, ...query["with[]"]].includes("responseCount"),
  });
  return rows.map(present);
}

export async function getTag(ctx: AppContext, identity: Identity, idOrSlug: string, tagId: string) {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  const row = isUuid(tagId) ? await queries.findTag(ctx.db, callout.id, tagId) : undefined;
  if (!row) throw tagNotFound();
  return present(row);
}

export async function createTag(ctx: AppContext, identity: Identity, idOrSlug: string, input: CreateCalloutTag) {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  const row = await uniqueName(() =>
    queries.insertTag(ctx.db, {
      id: ctx.newId(),
      calloutId: callout.id,
      name: input.name,
      description: sanitizeTextOrHtml(input.description),
      createdAt: ctx.clock.now(),
    }),
  );
  await recordActivity(ctx, { kind: "response-tag.create", target: callout.slug, changes: createdOf(row, TAG_FIELDS) });
  return present(row);
}

export async function updateTag(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  tagId: string,
  input: UpdateCalloutTag,
) {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  const before = isUuid(tagId) ? await queries.findTag(ctx.db, callout.id, tagId) : undefined;
  const row = before
    ? await uniqueName(() =>
        queries.updateTag(ctx.db, callout.id, tagId, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: sanitizeTextOrHtml(input.description) } : {}),
        }),
      )
    : undefined;
  if (!row) throw tagNotFound();
  await recordActivity(ctx, {
    kind: "response-tag.update",
    target: callout.slug,
    changes: changesOf(before, row, TAG_FIELDS),
  });
  return present(row);
}

export async function deleteTag(ctx: AppContext, identity: Identity, idOrSlug: string, tagId: string) {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  const before = isUuid(tagId) ? await queries.findTag(ctx.db, callout.id, tagId) : undefined;
  if (!before || !(await queries.deleteTag(ctx.db, callout.id, tagId))) throw tagNotFound();
  await recordActivity(ctx, {
    kind: "response-tag.delete",
    target: callout.slug,
    changes: removedOf(before, TAG_FIELDS),
  });
}

/** The fields of a response tag the activity record keeps before and after. */
const TAG_FIELDS = ["name", "description"] as const;
