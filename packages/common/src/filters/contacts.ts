import { newsletterStatuses, roleTypes } from "../contacts/constants.js";
import { contributionPeriods, contributionTypes } from "../payments/constants.js";
import type { FilterFields } from "./fields.js";

/** Every field the contact list can be filtered on; the server's SQL and the filter builder share it. */
export const contactFilterFields = {
  id: { type: "contact" },
  firstname: { type: "text" },
  lastname: { type: "text" },
  email: { type: "text" },
  joined: { type: "date" },
  lastSeen: { type: "date", nullable: true },
  contributionCancelled: { type: "date", nullable: true },
  contributionType: { type: "enum", options: contributionTypes },
  contributionMonthlyAmount: { type: "number", nullable: true },
  contributionPeriod: { type: "enum", options: contributionPeriods, nullable: true },
  deliveryOptIn: { type: "boolean" },
  newsletterStatus: { type: "enum", options: newsletterStatuses },
  newsletterGroups: { type: "array" },
  activePermission: { type: "enum", options: roleTypes },
  activeMembership: { type: "boolean" },
  activeUser: { type: "boolean" },
  membershipStarts: { type: "date" },
  membershipExpires: { type: "date" },
  manualPaymentSource: { type: "text", nullable: true },
  /** Whether the contact has made a successful one-time gift. */
  hasGivenOnce: { type: "boolean" },
  tags: { type: "array", format: "uuid" },
  isReviewer: { type: "boolean" },
  /** Cohort's: the campaign fields of the link the contact joined from (decision 074). */
  joinUtmSource: { type: "text", nullable: true },
  joinUtmMedium: { type: "text", nullable: true },
  joinUtmCampaign: { type: "text", nullable: true },
  joinRef: { type: "text", nullable: true },
} as const satisfies FilterFields;
export type ContactFilterName = keyof typeof contactFilterFields;

/** How the filter builder groups the fields. */
export const contactFilterGroups = {
  contribution: [
    "contributionType",
    "contributionMonthlyAmount",
    "contributionPeriod",
    "contributionCancelled",
    "manualPaymentSource",
    "hasGivenOnce",
  ],
  profile: [
    "firstname",
    "lastname",
    "email",
    "joined",
    "lastSeen",
    "deliveryOptIn",
    "newsletterStatus",
    "newsletterGroups",
    "activeUser",
  ],
  roles: ["activePermission", "activeMembership", "membershipStarts", "membershipExpires"],
  tags: ["tags"],
  isReviewer: ["isReviewer"],
  attribution: ["joinUtmSource", "joinUtmMedium", "joinUtmCampaign", "joinRef"],
} as const satisfies Record<string, readonly ContactFilterName[]>;

export const contactSortFields = [
  "firstname",
  "lastname",
  "email",
  "joined",
  "lastSeen",
  "contributionMonthlyAmount",
  "membershipStarts",
  "membershipExpires",
] as const;
export type ContactSortField = (typeof contactSortFields)[number];
