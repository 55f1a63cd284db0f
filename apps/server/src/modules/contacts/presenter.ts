import { keptAttribution } from "@cohort/common/attribution";
import type { Contact, ContactContribution, GetContactWith, Profile, Role } from "@cohort/common/contacts";
import { activeRoleNames, membershipStatus, periodAmount, renewalDate } from "@cohort/common/contacts";
import type { ContactRow, ContributionRow, ProfileRow, RoleRow } from "./queries.js";

export interface ContactParts {
  contact: ContactRow;
  roles: RoleRow[];
  profile?: ProfileRow | undefined;
  contribution?: ContributionRow | undefined;
  tags?: { id: string; name: string }[];
  isReviewer?: boolean;
}

export interface PresentOptions {
  with: readonly GetContactWith[];
  isAdminViewer: boolean;
  now: Date;
}

const iso = (date: Date) => date.toISOString();

export function presentRole(role: RoleRow): Role {
  return {
    role: role.role,
    dateAdded: iso(role.dateAdded),
    dateExpires: role.dateExpires ? iso(role.dateExpires) : null,
  };
}

export function presentProfile(profile: ProfileRow, isAdminViewer: boolean): Profile {
  return {
    telephone: profile.telephone,
    twitter: profile.twitter,
    preferredContact: profile.preferredContact,
    deliveryOptIn: profile.deliveryOptIn,
    deliveryAddress: profile.deliveryAddress
      ? { ...profile.deliveryAddress, line2: profile.deliveryAddress.line2 ?? "" }
      : null,
    newsletterStatus: profile.newsletterStatus,
    newsletterGroups: profile.newsletterGroups,
    ...(isAdminViewer ? { notes: profile.notes, description: profile.description } : {}),
  };
}

export function presentContribution(
  contact: ContactRow,
  roles: RoleRow[],
  contribution: ContributionRow | undefined,
  now: Date,
): ContactContribution {
  const memberRole = roles.find((role) => role.role === "member");
  const cancelledAt = contribution?.cancelledAt ?? null;
  const renewal = renewalDate({
    memberRole,
    cancelledAt,
    type: contact.contributionType,
    period: contact.contributionPeriod,
    now,
  });
  return {
    type: contact.contributionType,
    ...(contact.contributionAmount !== null ? { amount: contact.contributionAmount / 100 } : {}),
    ...(contact.contributionPeriod ? { period: contact.contributionPeriod } : {}),
    ...(contribution?.payFee !== null && contribution?.payFee !== undefined ? { payFee: contribution.payFee } : {}),
    paymentSource: {
      method: contribution?.paymentMethod ?? null,
      ...(contribution?.manualSource ? { source: contribution.manualSource } : {}),
      ...(contribution?.manualReference ? { reference: contribution.manualReference } : {}),
    },
    membershipStatus: membershipStatus(memberRole, cancelledAt, now),
    ...(memberRole?.dateExpires ? { membershipExpiryDate: iso(memberRole.dateExpires) } : {}),
    ...(cancelledAt ? { cancellationDate: iso(cancelledAt) } : {}),
    ...(renewal ? { renewalDate: iso(renewal) } : {}),
  };
}

/** The contact as the API sends it; extras only when asked for with `with`. */
export function presentContact(parts: ContactParts, options: PresentOptions): Contact {
  const { contact, roles } = parts;
  const amount = periodAmount(contact.contributionAmount);
  const wants = (option: GetContactWith) => options.with.includes(option);
  // Where a member joined from is the organisation's business, not shown to the member (decision 074).
  const joinAttribution = options.isAdminViewer
    ? keptAttribution({
        utmSource: contact.joinUtmSource,
        utmMedium: contact.joinUtmMedium,
        utmCampaign: contact.joinUtmCampaign,
        ref: contact.joinRef,
      })
    : undefined;
  return {
    id: contact.id,
    email: contact.email,
    firstname: contact.firstname,
    lastname: contact.lastname,
    joined: iso(contact.joined),
    ...(contact.lastSeen ? { lastSeen: iso(contact.lastSeen) } : {}),
    activeRoles: activeRoleNames(roles, options.now),
    ...(amount !== undefined ? { contributionAmount: amount } : {}),
    ...(contact.contributionPeriod ? { contributionPeriod: contact.contributionPeriod } : {}),
    ...(wants("profile") && parts.profile ? { profile: presentProfile(parts.profile, options.isAdminViewer) } : {}),
    ...(wants("roles") ? { roles: roles.map(presentRole) } : {}),
    ...(wants("contribution")
      ? { contribution: presentContribution(contact, roles, parts.contribution, options.now) }
      : {}),
    ...(wants("isReviewer") ? { isReviewer: parts.isReviewer ?? false } : {}),
    ...(wants("tags") && options.isAdminViewer && parts.tags ? { tags: parts.tags } : {}),
    ...(contact.locale ? { locale: contact.locale } : {}),
    ...(joinAttribution ? { joinAttribution } : {}),
  };
}
