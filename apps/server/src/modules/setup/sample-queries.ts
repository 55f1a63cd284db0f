import type { Db } from "../../db/client.js";
import * as schema from "../../db/schema/index.js";

export async function insertSampleRows(
  db: Db,
  rows: {
    tags: (typeof schema.contactTags.$inferInsert)[];
    contacts: (typeof schema.contacts.$inferInsert)[];
    profiles: (typeof schema.contactProfiles.$inferInsert)[];
    roles: (typeof schema.contactRoles.$inferInsert)[];
    assignments: (typeof schema.contactTagAssignments.$inferInsert)[];
    payments: (typeof schema.payments.$inferInsert)[];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(schema.contactTags).values(rows.tags).onConflictDoNothing();
    await tx.insert(schema.contacts).values(rows.contacts);
    await tx.insert(schema.contactProfiles).values(rows.profiles);
    await tx.insert(schema.contributions).values(rows.contacts.map((contact) => ({ contactId: contact.id })));
    if (rows.roles.length) await tx.insert(schema.contactRoles).values(rows.roles);
    await tx.insert(schema.contactTagAssignments).values(rows.assignments);
    if (rows.payments.length) await tx.insert(schema.payments).values(rows.payments);
  });
}
