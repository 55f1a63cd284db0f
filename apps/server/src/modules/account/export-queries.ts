import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  calloutResponseComments,
  calloutResponses,
  callouts,
  calloutVariants,
  contactMfa,
  contactProfiles,
  contactRoles,
  contacts,
  contactTagAssignments,
  contactTags,
  contributions,
  payments,
} from "../../db/schema/index.js";

/**
 * Everything stored about one contact, each read filtered by that contact's
 * id and nothing else, so no other person's row can come along.
 */
export async function readOwnRecords(db: Db, contactId: string) {
  const [contact] = await db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      joined: contacts.joined,
      lastSeen: contacts.lastSeen,
      contributionType: contacts.contributionType,
      contributionPeriod: contacts.contributionPeriod,
      contributionAmount: contacts.contributionAmount,
    })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact) return null;

  const [profile] = await db
    .select({
      telephone: contactProfiles.telephone,
      twitter: contactProfiles.twitter,
      preferredContact: contactProfiles.preferredContact,
      deliveryOptIn: contactProfiles.deliveryOptIn,
      deliveryAddress: contactProfiles.deliveryAddress,
      newsletterStatus: contactProfiles.newsletterStatus,
      newsletterGroups: contactProfiles.newsletterGroups,
      notes: contactProfiles.notes,
      description: contactProfiles.description,
    })
    .from(contactProfiles)
    .where(eq(contactProfiles.contactId, contactId));

  const roles = await db
    .select({ role: contactRoles.role, dateAdded: contactRoles.dateAdded, dateExpires: contactRoles.dateExpires })
    .from(contactRoles)
    .where(eq(contactRoles.contactId, contactId))
    .orderBy(asc(contactRoles.role));

  const tags = await db
    .select({ name: contactTags.name })
    .from(contactTagAssignments)
    .innerJoin(contactTags, eq(contactTags.id, contactTagAssignments.tagId))
    .where(eq(contactTagAssignments.contactId, contactId))
    .orderBy(asc(contactTags.name));

  const [contribution] = await db
    .select({
      payFee: contributions.payFee,
      paymentMethod: contributions.paymentMethod,
      cancelledAt: contributions.cancelledAt,
      manualSource: contributions.manualSource,
      manualReference: contributions.manualReference,
      provider: contributions.provider,
      nextAmount: contributions.nextAmount,
      paymentSource: contributions.paymentSource,
    })
    .from(contributions)
    .where(eq(contributions.contactId, contactId));

  const [mfa] = await db.select({ type: contactMfa.type }).from(contactMfa).where(eq(contactMfa.contactId, contactId));

  const ownPayments = await db
    .select({
      id: payments.id,
      provider: payments.provider,
      amount: payments.amount,
      amountRefunded: payments.amountRefunded,
      currency: payments.currency,
      status: payments.status,
      chargeDate: payments.chargeDate,
    })
    .from(payments)
    .where(eq(payments.contactId, contactId))
    .orderBy(asc(payments.chargeDate), asc(payments.id));

  const responses = await db
    .select({
      id: calloutResponses.id,
      calloutId: calloutResponses.calloutId,
      calloutSlug: callouts.slug,
      calloutTitle: calloutVariants.title,
      number: calloutResponses.number,
      answers: calloutResponses.answers,
      newsletter: calloutResponses.newsletter,
      createdAt: calloutResponses.createdAt,
      updatedAt: calloutResponses.updatedAt,
    })
    .from(calloutResponses)
    .innerJoin(callouts, eq(callouts.id, calloutResponses.calloutId))
    .leftJoin(
      calloutVariants,
      and(eq(calloutVariants.calloutId, calloutResponses.calloutId), eq(calloutVariants.name, "default")),
    )
    .where(eq(calloutResponses.contactId, contactId))
    .orderBy(asc(calloutResponses.createdAt), asc(calloutResponses.id));

  const comments = await db
    .select({
      id: calloutResponseComments.id,
      responseId: calloutResponseComments.responseId,
      responseNumber: calloutResponses.number,
      calloutSlug: callouts.slug,
      text: calloutResponseComments.text,
      createdAt: calloutResponseComments.createdAt,
      updatedAt: calloutResponseComments.updatedAt,
    })
    .from(calloutResponseComments)
    .innerJoin(calloutResponses, eq(calloutResponses.id, calloutResponseComments.responseId))
    .innerJoin(callouts, eq(callouts.id, calloutResponses.calloutId))
    .where(eq(calloutResponseComments.contactId, contactId))
    .orderBy(asc(calloutResponseComments.createdAt), asc(calloutResponseComments.id));

  return {
    contact,
    profile: profile ?? null,
    roles,
    tags,
    contribution: contribution ?? null,
    mfa: mfa ?? null,
    payments: ownPayments,
    responses,
    comments,
  };
}

export type OwnRecords = NonNullable<Awaited<ReturnType<typeof readOwnRecords>>>;
