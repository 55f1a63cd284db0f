import type { PutRole, Role, RoleType } from "@cohort/common/contacts";
import { cancelledExpiry, extendedExpiry } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { Identity } from "../../http/auth.js";
import { AppError, notFound } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import { presentRole } from "../contacts/presenter.js";
import { assertMayManageContact } from "../contacts/policy.js";
import { countActiveRoleHolders, removeRole, saveRole } from "../contacts/records/service.js";
import { assertMayGrant } from "../contacts/service.js";
import * as queries from "./queries.js";
import { createdOf, recordActivity } from "../activity/service.js";
import { membershipChanged } from "../contacts/membership.js";

/** Roles that let someone run the site; at least one contact must keep one. */
const ADMIN_ROLES: RoleType[] = ["admin", "superadmin"];

const contactNotFound = () => notFound("No contact with that id");

const lastAdmin = () =>
  new AppError("invalid-request", {
    status: 400,
    message: "This change would leave the site without an active admin. Give another contact the admin role first.",
  });

/**
 * Runs a role change in a transaction, undone when the change throws or when
 * it would leave no active admin or superadmin (everyone would be locked out).
 */
async function changeRoles<T>(ctx: AppContext, role: RoleType, change: (db: AppContext["db"]) => Promise<T>) {
  return ctx.db.transaction(async (tx) => {
    if (!ADMIN_ROLES.includes(role)) return change(tx);
    await queries.lockRoles(tx, ADMIN_ROLES);
    const now = ctx.clock.now();
    const before = await countActiveRoleHolders({ ...ctx, db: tx }, ADMIN_ROLES, now);
    const result = await change(tx);
    if (before > 0 && (await countActiveRoleHolders({ ...ctx, db: tx }, ADMIN_ROLES, now)) === 0) throw lastAdmin();
    return result;
  });
}

/** Grants a role, or moves its dates; returns the role as stored. */
export async function putRole(
  ctx: AppContext,
  actor: Identity,
  contactId: string,
  role: RoleType,
  input: PutRole,
): Promise<Role> {
  assertMayGrant(actor.roles, role);
  await assertMayManageContact(ctx, actor, contactId);
  if (!(await queries.contactExists(ctx.db, contactId))) throw contactNotFound();
  const dateAdded = new Date(input.dateAdded);
  // Absent keeps the stored expiry, null clears it.
  const dateExpires =
    input.dateExpires === undefined ? undefined : input.dateExpires === null ? null : new Date(input.dateExpires);
  const saved = await changeRoles(ctx, role, async (db) => {
    const before = role === "member" ? await queries.lockMemberRole(db, contactId) : undefined;
    const row = await saveRole({ db }, { contactId, role, dateAdded, dateExpires, savedAt: ctx.clock.now() });
    // A kept expiry must still come after a moved start date.
    if (row.dateExpires && row.dateExpires <= row.dateAdded) {
      throw invalidField("dateExpires", { key: "validation.expiryAfterStart" }, { rule: "isAfter" });
    }
    if (role === "member") await membershipChanged({ db, clock: ctx.clock }, contactId, before, row, ctx.clock.now());
    return row;
  });
  await recordActivity(ctx, {
    kind: "role.put",
    contactId,
    target: role,
    changes: createdOf({ dateAdded: saved.dateAdded, dateExpires: saved.dateExpires }),
  });
  return presentRole(saved);
}

/** Takes a role away outright (it is deleted, not expired). */
export async function revokeRole(ctx: AppContext, actor: Identity, contactId: string, role: RoleType): Promise<void> {
  assertMayGrant(actor.roles, role);
  await assertMayManageContact(ctx, actor, contactId);
  if (!(await queries.contactExists(ctx.db, contactId))) throw contactNotFound();
  const deleted = await changeRoles(ctx, role, async (db) => {
    const before = role === "member" ? await queries.lockMemberRole(db, contactId) : undefined;
    const gone = await removeRole({ db }, contactId, role);
    if (gone && role === "member") {
      await membershipChanged({ db, clock: ctx.clock }, contactId, before, undefined, ctx.clock.now());
    }
    return gone;
  });
  if (!deleted) throw notFound("The contact does not have that role");
  await recordActivity(ctx, { kind: "role.revoke", contactId, target: role });
}

/**
 * Ends the member role at the end of its paid time (`cancelledExpiry`), for
 * a cancelled contribution. Runs inside the caller's transaction (`tx`);
 * answers the role's expiry, undefined without a member role.
 */
export async function endMembershipWhenPaid(tx: Db, contactId: string, now: Date): Promise<Date | null | undefined> {
  const role = await queries.lockMemberRole(tx, contactId);
  if (!role) return undefined;
  const expires = cancelledExpiry(role.dateExpires, now);
  if (expires?.getTime() !== role.dateExpires?.getTime()) {
    await saveRole(
      { db: tx },
      {
        contactId,
        role: "member",
        dateAdded: role.dateAdded,
        dateExpires: expires,
        savedAt: now,
      },
    );
    await membershipChanged(
      { db: tx, clock: { now: () => now } },
      contactId,
      role,
      { dateAdded: role.dateAdded, dateExpires: expires },
      now,
    );
  }
  return expires;
}

/**
 * Gives the member role, or extends it, to `until` plus the grace period
 * (without it for a cancelled contribution); never shortens it. Runs inside the caller's transaction (`tx`).
 */
export async function extendMembership(
  tx: Db,
  contactId: string,
  until: Date,
  now: Date,
  withGrace = true,
): Promise<void> {
  const role = await queries.lockMemberRole(tx, contactId);
  const expires = extendedExpiry(role ? role.dateExpires : undefined, until, withGrace);
  if (role && expires?.getTime() === role.dateExpires?.getTime()) return;
  const saved = await saveRole(
    { db: tx },
    {
      contactId,
      role: "member",
      dateAdded: role?.dateAdded ?? now,
      dateExpires: expires,
      savedAt: now,
    },
  );
  // No member role, or one that had ended: a membership starts.
  await membershipChanged({ db: tx, clock: { now: () => now } }, contactId, role, saved, now);
}
