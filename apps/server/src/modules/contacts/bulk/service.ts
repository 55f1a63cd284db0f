import type { BulkDeleteContacts, BulkDeleteResult, BulkUpdateContacts } from "@cohort/common/contacts";
import { ACTIVITY_MAX_IDS } from "@cohort/common/activity";
import type { AppContext } from "../../../context.js";
import { recordActivity } from "../../activity/service.js";
import type { Identity } from "../../../http/auth.js";
import { invalidField } from "../../../http/parse.js";
import { lastAdmin } from "../edit/service.js";
import { contactRulesCondition } from "../list/service.js";
import { contactsAbove } from "../policy.js";
import * as queries from "../queries.js";
import { setTagOfAll } from "../../tags/service.js";
import { emitContactEvents } from "../records/service.js";
import * as bulkQueries from "./queries.js";

/** Adds or removes tags on every contact the rules match; answers how many matched. */
export async function bulkUpdateContacts(
  ctx: AppContext,
  identity: Identity,
  input: BulkUpdateContacts,
): Promise<{ affected: number }> {
  const where = await contactRulesCondition(ctx, input.rules, identity.contact?.id);
  const changes = input.updates.tags.map((change) => ({ add: change.startsWith("+"), tagId: change.slice(1) }));
  const known = new Set(await bulkQueries.findExistingTagIds(ctx.db, [...new Set(changes.map((c) => c.tagId))]));
  const unknown = changes.find((change) => !known.has(change.tagId));
  if (unknown) {
    throw invalidField(
      "updates.tags",
      { key: "adminValidation.unknownTag" },
      { rule: "exists", summary: `Unknown tag: ${unknown.tagId}` },
    );
  }
  // The contacts as matched before the change: removing the tag the rules ask for leaves none after it.
  const touched = ctx.actor?.isStaff ? await bulkQueries.findMatchingIds(ctx.db, where, ACTIVITY_MAX_IDS) : [];
  const result = await ctx.db.transaction(async (tx) => {
    // Every contact matched before the change is told about, one event each, in one statement.
    await emitContactEvents({ ...ctx, db: tx }, "contact.updated", bulkQueries.isMatching(tx, where));
    for (const change of changes) {
      await setTagOfAll({ db: tx }, change.tagId, change.add, bulkQueries.matchingIdsQuery(tx, where));
    }
    return { affected: await bulkQueries.countMatching(tx, where) };
  });
  await recordActivity(ctx, {
    kind: "contact.bulk-update",
    count: result.affected,
    ids: touched,
    changes: { tags: { before: null, after: input.updates.tags } },
  });
  return result;
}

/**
 * Deletes every contact the rules match, as `deleteContact` does one by one.
 * The caller and contacts who outrank the caller are kept and counted as
 * skipped. If the deletion would leave no admin, nothing is deleted.
 */
export async function bulkDeleteContacts(
  ctx: AppContext,
  identity: Identity,
  input: BulkDeleteContacts,
): Promise<BulkDeleteResult> {
  const where = await contactRulesCondition(ctx, input.rules, identity.contact?.id);
  const now = ctx.clock.now();
  const matched = await bulkQueries.findMatchingIds(ctx.db, where);
  const above = await contactsAbove(ctx, identity, matched);
  const ids = matched.filter((id) => id !== identity.contact?.id && !above.has(id));
  const result = await ctx.db.transaction(async (tx) => {
    const adminsBefore = await queries.countActiveRoleHolders(tx, ["admin", "superadmin"], now);
    if (ids.length > 0) await emitContactEvents({ ...ctx, db: tx }, "contact.deleted", bulkQueries.isOneOf(ids));
    const deleted = await bulkQueries.deleteContactRows(tx, ids);
    if (adminsBefore > 0 && (await queries.countActiveRoleHolders(tx, ["admin", "superadmin"], now)) === 0) {
      throw lastAdmin();
    }
    return { deleted, skipped: matched.length - ids.length };
  });
  await recordActivity(ctx, { kind: "contact.bulk-delete", count: result.deleted, ids });
  return result;
}
