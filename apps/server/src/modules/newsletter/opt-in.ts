import type { NewsletterStatus } from "@cohort/common/contacts";
import type { Db } from "../../db/client.js";
import { updateProfile } from "../contacts/records/service.js";
import { findProfileFields } from "./queries.js";

/**
 * A "keep me informed" ticked on a callout: a member's own answer subscribes them; a guest's,
 * once their address is confirmed, makes them `pending`, so that the provider's double
 * opt-in asks them (decision 061). Someone subscribed stays so; the groups picked are added
 * to theirs. The sync then sends the contact as usual.
 */
export async function applyNewsletterOptIn(
  db: Db,
  contactId: string,
  groups: readonly string[],
  as: "subscribed" | "pending",
): Promise<void> {
  const profile = await findProfileFields(db, contactId);
  if (!profile) return;
  const status: NewsletterStatus =
    profile.status === "subscribed" || (as === "pending" && profile.status === "pending") ? profile.status : as;
  const merged = [...new Set([...profile.groups, ...groups])];
  await updateProfile({ db }, contactId, {
    ...(status !== profile.status ? { newsletterStatus: status } : {}),
    ...(merged.length !== profile.groups.length ? { newsletterGroups: merged } : {}),
  });
}
