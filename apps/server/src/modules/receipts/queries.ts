import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { PaymentStatus } from "@cohort/common/payments";
import type { Db } from "../../db/client.js";
import { contacts, contributions, payments } from "../../db/schema/index.js";

const successful = "successful" satisfies PaymentStatus;

/** One successful payment of the contact, or undefined (also when it is someone else's). */
export async function findSuccessfulPayment(db: Db, contactId: string, paymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.contactId, contactId), eq(payments.status, successful)))
    .limit(1);
  return row;
}

/** The contact's successful payments charged in [from, to), oldest first. */
export function successfulPaymentsBetween(db: Db, contactId: string, from: Date, to: Date) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.contactId, contactId),
        eq(payments.status, successful),
        gte(payments.chargeDate, from),
        lt(payments.chargeDate, to),
      ),
    )
    .orderBy(asc(payments.chargeDate), asc(payments.id));
}

/** The payer as receipts name them, with their contribution's method and provider. */
export async function findPayer(db: Db, contactId: string) {
  const [row] = await db
    .select({
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      email: contacts.email,
      locale: contacts.locale,
      paymentMethod: contributions.paymentMethod,
      provider: contributions.provider,
    })
    .from(contacts)
    .leftJoin(contributions, eq(contributions.contactId, contacts.id))
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row;
}
