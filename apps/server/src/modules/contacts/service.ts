import type { Contact, CreateContact, GetContactWith, RoleType } from "@cohort/common/contacts";
import { mayGrantRole } from "@cohort/common/contacts";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { isUniqueViolation } from "../../db/errors.js";
import { AppError, notFound } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import { hashPassword } from "../../lib/password.js";
import { presentContact } from "./presenter.js";
import { findExistingTagIds } from "./bulk/queries.js";
import { findCalloutReviewers } from "./list/queries.js";
import * as queries from "./queries.js";
import { emitContactEvent } from "./records/service.js";
import { assignTags } from "../tags/service.js";
import { createdOf, recordActivity } from "../activity/service.js";
import { membershipChanged } from "./membership.js";

/** Reviewers see the callouts they review; admins review everything. */
export function isReviewer(activeRoles: readonly RoleType[], reviewsCallouts: boolean): boolean {
  return activeRoles.includes("admin") || reviewsCallouts;
}

export async function getContact(
  ctx: AppContext,
  contactId: string,
  options: { with: readonly GetContactWith[]; isAdminViewer: boolean; isSelf?: boolean },
): Promise<Contact> {
  const contact = await queries.findContactById(ctx.db, contactId);
  if (!contact) throw notFound("No contact with that id");
  const wants = (option: GetContactWith) => options.with.includes(option);
  const now = ctx.clock.now();
  const [roles, profile, contribution, tags] = await Promise.all([
    queries.findRoles(ctx.db, contact.id),
    wants("profile") ? queries.findProfile(ctx.db, contact.id) : undefined,
    wants("contribution") ? queries.findContribution(ctx.db, contact.id) : undefined,
    wants("tags") && options.isAdminViewer ? queries.findTags(ctx.db, contact.id) : undefined,
  ]);
  const parts = { contact, roles, profile, contribution, ...(tags ? { tags } : {}) };
  const presented = presentContact(parts, { with: options.with, isAdminViewer: options.isAdminViewer, now });
  if (wants("isReviewer")) {
    const reviewers = await findCalloutReviewers(ctx.db, [contact.id]);
    presented.isReviewer = isReviewer(presented.activeRoles, reviewers.has(contact.id));
  }
  // The join set-up page asks a returning member for no new password (decision 017).
  if (options.isSelf) presented.hasPassword = contact.passwordHash !== null;
  return presented;
}

export const duplicateEmail = () =>
  invalidField("email", { key: "errors.duplicateEmail" }, { rule: "unique", code: "duplicate-email" });

/** Only a superadmin may hand out the superadmin role. */
export function assertMayGrant(actorRoles: readonly RoleType[], role: RoleType): void {
  if (!mayGrantRole(actorRoles, role)) {
    throw new AppError("forbidden", { status: 403, message: "Only a superadmin can grant the superadmin role." });
  }
}

/** The contact fields the activity record keeps before and after (decision 070). */
export const CONTACT_RECORDED_FIELDS = [
  "email",
  "firstname",
  "lastname",
  "locale",
  "password",
  "roles",
  "tags",
] as const;

/**
 * Creates a contact with a profile, roles, tags and optionally a contribution
 * recorded by hand. Unknown tags are refused before anything is saved.
 */
export async function createContact(ctx: AppContext, actor: Identity, input: CreateContact): Promise<Contact> {
  for (const role of input.roles ?? []) assertMayGrant(actor.roles, role.role);
  const tagIds = [...new Set(input.tags ?? [])];
  const known = new Set(await findExistingTagIds(ctx.db, tagIds));
  const unknownTag = tagIds.find((tagId) => !known.has(tagId));
  if (unknownTag) {
    throw invalidField(
      "tags",
      { key: "adminValidation.unknownTag" },
      { rule: "exists", summary: `Unknown tag: ${unknownTag}` },
    );
  }
  const contribution = input.contribution;
  const id = ctx.newId();
  const passwordHash = input.password ? await hashPassword(ctx, input.password) : null;
  try {
    await ctx.db.transaction(async (tx) => {
      await queries.insertContact(
        tx,
        {
          id,
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          joined: ctx.clock.now(),
          passwordHash,
          ...(contribution
            ? {
                contributionType: contribution.type,
                contributionPeriod: contribution.period ?? null,
                contributionAmount: contribution.amount === undefined ? null : Math.round(contribution.amount * 100),
              }
            : {}),
        },
        input.profile ?? {},
        contribution?.type === "Manual"
          ? { manualSource: contribution.source ?? null, manualReference: contribution.reference ?? null }
          : {},
      );
      await assignTags(
        { db: tx },
        tagIds.map((tagId) => ({ contactId: id, tagId })),
      );
      await emitContactEvent({ ...ctx, db: tx }, "contact.created", id);
      for (const role of input.roles ?? []) {
        const saved = await queries.upsertRole(tx, {
          contactId: id,
          role: role.role,
          dateAdded: new Date(role.dateAdded),
          dateExpires: role.dateExpires ? new Date(role.dateExpires) : null,
          savedAt: ctx.clock.now(),
        });
        if (role.role === "member") {
          await membershipChanged({ ...ctx, db: tx }, id, undefined, saved, ctx.clock.now());
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, "contacts_email_key")) throw duplicateEmail();
    throw error;
  }
  await recordActivity(ctx, {
    kind: "contact.create",
    contactId: id,
    changes: createdOf(
      { ...input, roles: input.roles?.map((role) => role.role), password: input.password },
      CONTACT_RECORDED_FIELDS,
    ),
  });
  const extras: GetContactWith[] = [
    ...(input.profile ? ["profile" as const] : []),
    ...(input.roles ? ["roles" as const] : []),
    ...(input.contribution ? ["contribution" as const] : []),
    ...(input.tags ? ["tags" as const] : []),
  ];
  return getContact(ctx, id, { with: extras, isAdminViewer: true });
}
