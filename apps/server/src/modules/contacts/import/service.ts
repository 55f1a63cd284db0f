import type {
  ContactImportRow,
  ImportContactChanges,
  ImportContacts,
  ImportFieldChange,
  ImportResult,
} from "@cohort/common/contacts";
import { contactImportRowSchema } from "@cohort/common/contacts";
import { englishMessage } from "@cohort/common/validation";
import type { AppContext } from "../../../context.js";
import type { Identity } from "../../../http/auth.js";
import { restoreDefused } from "../../../lib/csv.js";
import { recordActivity } from "../../activity/service.js";
import * as queries from "./queries.js";
import { contactsAbove } from "../policy.js";
import { isOneOf } from "../bulk/queries.js";
import { assignTags, insertTags } from "../../tags/service.js";
import { emitContactEvents } from "../records/service.js";
import { membershipTransition } from "../membership.js";
import { emitEvents } from "../../webhooks/events.js";

interface ValidRow {
  row: number;
  data: ContactImportRow;
}

/** A file exported by Cohort imports again as it was: the apostrophe put before a formula-like cell is taken off. */
function undoFormulaGuard(raw: ImportContacts["rows"][number]): ImportContacts["rows"][number] {
  return Object.fromEntries(
    Object.entries(raw).map(([field, value]) => [
      field,
      value === undefined ? value : restoreDefused(value.trimStart()),
    ]),
  );
}

function checkRows(rows: ImportContacts["rows"]): { valid: ValidRow[]; errors: ImportResult["errors"] } {
  const valid: ValidRow[] = [];
  const errors: ImportResult["errors"] = [];
  const firstRowOfEmail = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const parsed = contactImportRowSchema.safeParse(undoFormulaGuard(raw));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ row, property: issue.path.join(".") || "row", message: englishMessage(issue.message) });
      }
      return;
    }
    const earlier = firstRowOfEmail.get(parsed.data.email);
    if (earlier !== undefined) {
      errors.push({ row, property: "email", message: `The same email is already in row ${earlier}` });
      return;
    }
    firstRowOfEmail.set(parsed.data.email, row);
    valid.push({ row, data: parsed.data });
  });
  return { valid, errors };
}

function address(data: ContactImportRow) {
  if (!data.deliveryAddressLine1 || !data.deliveryAddressCity || !data.deliveryAddressPostcode) return undefined;
  return {
    line1: data.deliveryAddressLine1,
    line2: data.deliveryAddressLine2 ?? "",
    city: data.deliveryAddressCity,
    postcode: data.deliveryAddressPostcode,
  };
}

const dateText = (date: Date | null) => (date ? date.toISOString() : "");

/**
 * The fields a row changes on its existing contact, old and new, read as the
 * update below writes them: an empty cell keeps the value, an address is
 * replaced whole, tags are only added, a membership start sets the expiry too.
 */
function fieldChanges(data: ContactImportRow, target: queries.ImportTarget): ImportFieldChange[] {
  const changes: ImportFieldChange[] = [];
  const compare = (field: ImportFieldChange["field"], from: string, to: string | undefined) => {
    if (to !== undefined && to !== from) changes.push({ field, from, to });
  };
  compare("firstname", target.firstname, data.firstname);
  compare("lastname", target.lastname, data.lastname);
  compare("telephone", target.telephone, data.telephone);
  compare("newsletterStatus", target.newsletterStatus, data.newsletterStatus);
  compare("newsletterGroups", target.newsletterGroups.join(", "), data.newsletterGroups?.join(", "));
  compare("deliveryOptIn", String(target.deliveryOptIn), data.deliveryOptIn?.toString());
  const newAddress = address(data);
  if (newAddress) {
    const old = target.deliveryAddress;
    compare("deliveryAddressLine1", old?.line1 ?? "", newAddress.line1);
    compare("deliveryAddressLine2", old?.line2 ?? "", newAddress.line2);
    compare("deliveryAddressCity", old?.city ?? "", newAddress.city);
    compare("deliveryAddressPostcode", old?.postcode ?? "", newAddress.postcode);
  }
  const known = new Set(target.tags.map((name) => name.toLowerCase()));
  const added = (data.tags ?? []).filter((name) => !known.has(name.toLowerCase()) && known.add(name.toLowerCase()));
  if (added.length > 0) {
    changes.push({ field: "tags", from: target.tags.join(", "), to: [...target.tags, ...added].join(", ") });
  }
  compare("notes", target.notes, data.notes);
  if (data.membershipStarts) {
    compare("membershipStarts", dateText(target.memberSince), dateText(new Date(data.membershipStarts)));
    compare(
      "membershipExpires",
      dateText(target.memberUntil),
      dateText(data.membershipExpires ? new Date(data.membershipExpires) : null),
    );
  }
  return changes;
}

/** For each row that updates an existing contact, what it changes, before anything is written. */
async function describeChanges(
  ctx: AppContext,
  valid: ValidRow[],
  existing: Map<string, string>,
): Promise<ImportContactChanges[]> {
  const updates = valid.filter(({ data }) => existing.has(data.email));
  const targets = await queries.findImportTargets(
    ctx.db,
    updates.map(({ data }) => existing.get(data.email)!),
  );
  return updates.flatMap(({ row, data }) => {
    const target = targets.get(existing.get(data.email)!);
    return target ? [{ row, email: data.email, fields: fieldChanges(data, target) }] : [];
  });
}

/** Rows that would change a contact who outranks the importer are refused like invalid rows (decision 017). */
async function withoutOutranking(
  ctx: AppContext,
  actor: Identity,
  checked: { valid: ValidRow[]; errors: ImportResult["errors"] },
  existing: Map<string, string>,
): Promise<{ valid: ValidRow[]; errors: ImportResult["errors"] }> {
  const above = await contactsAbove(ctx, actor, existing.values());
  if (above.size === 0) return checked;
  const errors = [...checked.errors];
  const valid = checked.valid.filter(({ row, data }) => {
    if (!above.has(existing.get(data.email) ?? "")) return true;
    errors.push({ row, property: "email", message: "This contact has more rights than you and cannot be changed" });
    return false;
  });
  return { valid, errors: errors.sort((a, b) => a.row - b.row) };
}

/**
 * Imports contacts from mapped CSV rows. Every row is checked; rows with
 * errors are skipped and reported. Existing emails are updated (empty cells
 * leave a value as it is), new ones created, unknown tag names created.
 * With `dryRun` nothing changes, and the counts and the changes to existing
 * contacts (each field, old and new) say what would happen.
 */
export async function importContacts(ctx: AppContext, actor: Identity, input: ImportContacts): Promise<ImportResult> {
  const checked = checkRows(input.rows);
  const existing = await queries.findIdsByEmail(
    ctx.db,
    checked.valid.map(({ data }) => data.email),
  );
  const { valid, errors } = await withoutOutranking(ctx, actor, checked, existing);
  const tagNames = new Map<string, string>();
  for (const { data } of valid) {
    // The first spelling of a new tag name is the one kept.
    for (const name of data.tags ?? []) if (!tagNames.has(name.toLowerCase())) tagNames.set(name.toLowerCase(), name);
  }
  const knownTags = await queries.findTagIdsByName(ctx.db, [...tagNames.values()]);
  const newTags = [...tagNames].filter(([key]) => !knownTags.has(key)).map(([, name]) => ({ id: ctx.newId(), name }));
  const changes = await describeChanges(ctx, valid, existing);
  const updated = valid.filter(({ data }) => existing.has(data.email)).length;
  const result = {
    created: valid.length - updated,
    updated,
    skipped: input.rows.length - valid.length,
    tagsCreated: newTags.length,
    errors,
    changes,
  };
  if (input.dryRun) return result;

  const now = ctx.clock.now();
  const ids = new Map(existing);
  await ctx.db.transaction(async (tx) => {
    await insertTags({ db: tx }, newTags);
    for (const tag of newTags) knownTags.set(tag.name.toLowerCase(), tag.id);
    const created: Parameters<typeof queries.insertContacts>[1] = [];
    const updates: queries.ExistingContactChanges[] = [];
    for (const { data } of valid) {
      const id = ids.get(data.email);
      if (id) {
        updates.push({
          id,
          firstname: data.firstname,
          lastname: data.lastname,
          telephone: data.telephone,
          newsletter_status: data.newsletterStatus,
          newsletter_groups: data.newsletterGroups,
          delivery_opt_in: data.deliveryOptIn,
          delivery_address: address(data),
          notes: data.notes,
        });
        continue;
      }
      const newId = ctx.newId();
      ids.set(data.email, newId);
      created.push({
        contact: {
          id: newId,
          email: data.email,
          firstname: data.firstname ?? "",
          lastname: data.lastname ?? "",
          joined: now,
        },
        profile: {
          contactId: newId,
          telephone: data.telephone ?? "",
          newsletterStatus: data.newsletterStatus ?? "none",
          newsletterGroups: data.newsletterGroups ?? [],
          deliveryOptIn: data.deliveryOptIn ?? false,
          deliveryAddress: address(data) ?? null,
          notes: data.notes ?? "",
        },
      });
    }
    await queries.insertContacts(tx, created);
    await queries.updateContactsFromImport(tx, updates);
    // One event per contact made or changed, each kind in one statement.
    const events = { ...ctx, db: tx };
    if (created.length > 0) {
      await emitContactEvents(events, "contact.created", isOneOf(created.map((row) => row.contact.id)));
    }
    if (updates.length > 0) await emitContactEvents(events, "contact.updated", isOneOf(updates.map((row) => row.id)));
    await assignTags(
      { db: tx },
      valid.flatMap(({ data }) =>
        (data.tags ?? []).map((name) => ({
          contactId: ids.get(data.email)!,
          tagId: knownTags.get(name.toLowerCase())!,
        })),
      ),
    );
    const roles = valid
      .filter(({ data }) => data.membershipStarts)
      .map(({ data }) => ({
        contact_id: ids.get(data.email)!,
        date_added: new Date(data.membershipStarts!).toISOString(),
        date_expires: data.membershipExpires ? new Date(data.membershipExpires).toISOString() : null,
      }));
    const rolesBefore = await queries.findMemberRoles(
      tx,
      roles.map((role) => role.contact_id),
    );
    await queries.upsertMemberRoles(tx, roles, ctx.clock.now());
    // A membership the import starts or ends is told as one a payment or an admin starts or ends.
    for (const transition of ["started", "ended"] as const) {
      const changed = roles
        .filter(
          (role) =>
            membershipTransition(
              rolesBefore.get(role.contact_id),
              {
                dateAdded: new Date(role.date_added),
                dateExpires: role.date_expires ? new Date(role.date_expires) : null,
              },
              now,
            ) === transition,
        )
        .map((role) => role.contact_id);
      if (changed.length > 0) {
        await emitEvents(events, `membership.${transition}`, queries.membershipEventData(transition, changed, now));
      }
    }
  });
  await recordActivity(ctx, {
    kind: "contact.import",
    count: valid.length,
    ids: [...new Set(valid.flatMap(({ data }) => ids.get(data.email) ?? []))],
    changes: {
      created: { before: null, after: result.created },
      updated: { before: null, after: result.updated },
      skipped: { before: null, after: result.skipped },
    },
  });
  return result;
}
