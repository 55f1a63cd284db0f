import type { Contact } from "@cohort/common/contacts";
import { mayManageContact, standingStaffRoles } from "@cohort/common/contacts";
import { useSession } from "../../../../api/session";

/**
 * Whether the signed-in user may change this contact, as the server decides:
 * themselves always, anyone else only when the contact's rights (counting a
 * staff role that starts later) do not exceed their own. A plain admin may
 * only look at a superadmin.
 */
export function useMayManageContact(contact: Pick<Contact, "id" | "roles">): boolean {
  const session = useSession();
  if (session?.id === contact.id) return true;
  return mayManageContact(session?.activeRoles ?? [], standingStaffRoles(contact.roles ?? [], new Date()));
}
