import type {
  ContactTag,
  ContactTagListItem,
  CreateContactTag,
  ListContactTagsQuery,
  UpdateContactTag,
} from "@cohort/common/tags";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { notFound } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import * as queries from "./queries.js";
import { changesOf, createdOf, recordActivity, removedOf } from "../activity/service.js";

const TAG_NAME_KEY = "contact_tags_name_key";

export const duplicateTagName = () =>
  invalidField("name", { key: "errors.duplicateTagName" }, { rule: "unique", code: "duplicate-tag-name" });

const tagNotFound = () => notFound("No tag with that id");

/** The fields of a tag the activity record keeps before and after. */
const TAG_FIELDS = ["name", "description"] as const;

const presentTag = (tag: { id: string; name: string }): ContactTag => ({ id: tag.id, name: tag.name });

export async function listContactTags(ctx: AppContext, query: ListContactTagsQuery): Promise<ContactTagListItem[]> {
  const order = { sort: query.sort, order: query.order };
  if ([...query.with, ...query["with[]"]].includes("contactCount")) {
    return queries.listTagsWithCounts(ctx.db, order);
  }
  return queries.listTags(ctx.db, order);
}

/**
 * Names are unique regardless of case. The lookup gives the friendly error;
 * the unique index still catches two requests racing with the same name.
 */
async function withNameCheck<T>(
  ctx: AppContext,
  name: string | undefined,
  exceptId: string | undefined,
  save: () => Promise<T>,
) {
  if (name !== undefined && (await queries.isTagNameTaken(ctx.db, name, exceptId))) throw duplicateTagName();
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, TAG_NAME_KEY)) throw duplicateTagName();
    throw error;
  }
}

export async function createContactTag(ctx: AppContext, input: CreateContactTag): Promise<ContactTag> {
  const tag = await withNameCheck(ctx, input.name, undefined, () =>
    queries.insertTag(ctx.db, { id: ctx.newId(), name: input.name, description: input.description }),
  );
  await recordActivity(ctx, { kind: "tag.create", target: tag.name, changes: createdOf(input, TAG_FIELDS) });
  return presentTag(tag);
}

export async function updateContactTag(ctx: AppContext, id: string, input: UpdateContactTag): Promise<ContactTag> {
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  };
  const before = await queries.findTag(ctx.db, id);
  const tag = await withNameCheck(ctx, input.name, id, () =>
    Object.keys(changes).length > 0 ? queries.updateTag(ctx.db, id, changes) : queries.findTag(ctx.db, id),
  );
  if (!tag) throw tagNotFound();
  await recordActivity(ctx, { kind: "tag.update", target: tag.name, changes: changesOf(before, changes, TAG_FIELDS) });
  return presentTag(tag);
}

export async function deleteContactTag(ctx: AppContext, id: string): Promise<void> {
  const before = await queries.findTag(ctx.db, id);
  if (!before || !(await queries.deleteTag(ctx.db, id))) throw tagNotFound();
  await recordActivity(ctx, { kind: "tag.delete", target: before.name, changes: removedOf(before, TAG_FIELDS) });
}

/*
 * What other modules ask of the tags module, which owns the tags and who carries them
 * (decision 083). Each call works in `ctx.db`: pass `{ ...ctx, db: tx }` inside a transaction.
 */

type Ctx = Pick<AppContext, "db">;

/** Creates tags (an import's new ones); a name taken meanwhile fails the caller's transaction. */
export async function insertTags(ctx: Ctx, tags: { id: string; name: string }[]): Promise<void> {
  await queries.insertTags(ctx.db, tags);
}

/** The ids of the tags with these names, by lower-cased name, creating the missing ones with the ids given. */
export function findOrInsertTags(
  ctx: Ctx,
  tags: Parameters<typeof queries.findOrInsertTags>[1],
): Promise<Map<string, string>> {
  return queries.findOrInsertTags(ctx.db, tags);
}

/** The id of the tag with this name (ignoring case), created with `id` when no tag has it. */
export async function findOrInsertTag(ctx: Ctx, id: string, name: string): Promise<string> {
  const found = (await queries.findOrInsertTags(ctx.db, [{ id, name }])).get(name.toLowerCase());
  if (!found) throw new Error(`The tag ${name} could not be created`);
  return found;
}

export async function deleteTags(ctx: Ctx, ids: string[]): Promise<void> {
  await queries.deleteTags(ctx.db, ids);
}

/** Tags contacts; a contact that carries the tag already keeps it as it is. */
export async function assignTags(ctx: Ctx, assignments: { contactId: string; tagId: string }[]): Promise<void> {
  await queries.assignTags(ctx.db, assignments);
}

/** Gives the tag to, or takes it from, every contact `contactIds` (a query of their ids) selects. */
export async function setTagOfAll(ctx: Ctx, tagId: string, carries: boolean, contactIds: SQL): Promise<void> {
  if (carries) await queries.assignTagToAll(ctx.db, tagId, contactIds);
  else await queries.unassignTagFromAll(ctx.db, tagId, contactIds);
}
