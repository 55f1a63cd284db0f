import { randomUUID } from "node:crypto";
import type { RoleType } from "@cohort/common/contacts";
import { hashPassword } from "../../src/lib/password.js";
import type { Db } from "../../src/db/client.js";
import { contactMfa } from "../../src/db/schema/index.js";
import { insertContact, upsertRole, type ContactRow } from "../../src/modules/contacts/queries.js";

export const PASSWORD = "Correct-horse-9";
/** Test accounts' passwords are hashed at the least cost (`PASSWORD_HASHING=fast`); they verify all the same. */
const fastHashing = { config: { passwordHashing: { memoryCost: 8, timeCost: 1 } } };
let sequence = 0;

export interface ContactSpec {
  email?: string;
  password?: string | null;
  firstname?: string;
  lastname?: string;
  roles?: RoleType[];
  /** Base32 TOTP secret to enable 2FA with. */
  totpSecret?: string;
}

/** A contact with a password (unless null) and the given active roles. */
export async function makeContact(db: Db, spec: ContactSpec = {}): Promise<ContactRow> {
  sequence++;
  const contact = await insertContact(db, {
    id: randomUUID(),
    email: spec.email ?? `person${sequence}.${randomUUID().slice(0, 8)}@example.org`,
    firstname: spec.firstname ?? "Test",
    lastname: spec.lastname ?? `Person ${sequence}`,
    joined: new Date(Date.now() - 86_400_000),
    passwordHash: spec.password === null ? null : await hashPassword(fastHashing, spec.password ?? PASSWORD),
  });
  for (const role of spec.roles ?? []) {
    await upsertRole(db, {
      contactId: contact.id,
      role,
      dateAdded: new Date(Date.now() - 3_600_000),
      dateExpires: null,
    });
  }
  if (spec.totpSecret) {
    await db
      .insert(contactMfa)
      .values({ contactId: contact.id, id: randomUUID(), type: "totp", secret: spec.totpSecret });
  }
  return contact;
}
