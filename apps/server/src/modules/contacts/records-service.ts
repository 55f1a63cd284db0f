/**
 * The contact records other modules read and write (log-in, sessions, sign-up,
 * set-up, resets, the roles page, the API keys list): the contacts module's
 * face to them, so no other module reaches into its queries.
 */
export {
  countActiveRoleHolders,
  findContactByEmail,
  findContactByEmailIgnoringCase,
  findContactById,
  findRoles,
  insertContact,
  isActiveAdmin,
  isActiveMember,
  updateContact,
  updateProfile,
  upsertRole,
  type ContactRow,
  type RoleRow,
} from "./queries.js";
export { findRolesOf } from "./list-queries.js";
export { emitContactEvent } from "./service.js";
