import type { IdentityProof } from "@cohort/common/auth";
import type { AppContext } from "../../../context.js";
import { hook } from "../../../lib/hook.js";
import type { ContactRow } from "../queries.js";

/*
 * What a change of one's own password or address asks of the modules above contacts, which
 * contacts does not import (decision 083): auth proves who the person is and ends their other
 * sessions, resets confirms a new address by email and forgets the links sent to the old one.
 * `src/wiring.ts` provides them when the app is built.
 */

/** Refuses the change unless the proof (current password, or a code) is right; see `auth/confirm-identity.ts`. */
export const confirmIdentity =
  hook<
    (
      ctx: AppContext,
      contact: Pick<ContactRow, "id" | "email" | "passwordHash">,
      proof: IdentityProof,
      address: string,
    ) => Promise<void>
  >("the proof of identity");

/** Ends every session of the contact but `keepSessionId`; answers how many ended. */
export const endOtherSessions =
  hook<(ctx: AppContext, contactId: string, keepSessionId: string | null) => Promise<number>>(
    "the end of other sessions",
  );

/** Sends the link that confirms a new address to it, and a notice to the old one. */
export const requestEmailChange = hook<
  (
    ctx: AppContext,
    contact: Pick<ContactRow, "id" | "email" | "firstname" | "lastname" | "locale">,
    newEmail: string,
  ) => Promise<void>
>("the confirmation of a new address");

/** Voids the reset links sent to the contact's old address. */
export const forgetResetLinks =
  hook<(ctx: AppContext, contactId: string) => Promise<void>>("the end of old reset links");
