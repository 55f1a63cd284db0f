import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ContributionPeriod, ContributionType, PaymentMethod } from "@cohort/common/payments";
import type { DeliveryAddress, NewsletterStatus, RoleType } from "@cohort/common/contacts";
import type { Locale } from "@cohort/common/i18n";

const timestamptz = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" });

export const contacts = pgTable(
  "contacts",
  {
    id: uuid().primaryKey(),
    /** Stored trimmed and lower-cased; unique. */
    email: text().notNull(),
    firstname: text().notNull().default(""),
    lastname: text().notNull().default(""),
    joined: timestamptz().notNull(),
    lastSeen: timestamptz(),
    passwordHash: text(),
    /** Failed attempts from all addresses since the quarter hour ending at `lockedUntil` began. */
    passwordTries: integer().notNull().default(0),
    /**
     * The end of the quarter hour `passwordTries` counts. While that count is at
     * `ACCOUNT_FAILURE_BUDGET`, only known clients, sessions and reset links may try.
     */
    lockedUntil: timestamptz(),
    contributionType: text().$type<ContributionType>().notNull().default("None"),
    contributionPeriod: text().$type<ContributionPeriod>(),
    /** Amount per period in minor currency units. */
    contributionAmount: integer(),
    /** The language emails to this contact use (a `Locale`); null means the organisation's. */
    locale: text().$type<Locale>(),
    /** The campaign fields of the link of the join that made (or brought back) this member (decision 074). */
    joinUtmSource: text(),
    joinUtmMedium: text(),
    joinUtmCampaign: text(),
    joinRef: text(),
  },
  (table) => [
    uniqueIndex("contacts_email_key").on(table.email),
    index("contacts_joined_id_idx").on(table.joined, table.id),
    index("contacts_firstname_trgm_idx").using("gin", sql`${table.firstname} gin_trgm_ops`),
    index("contacts_lastname_trgm_idx").using("gin", sql`${table.lastname} gin_trgm_ops`),
    index("contacts_email_trgm_idx").using("gin", sql`${table.email} gin_trgm_ops`),
  ],
);

export const contactProfiles = pgTable("contact_profiles", {
  contactId: uuid()
    .primaryKey()
    .references(() => contacts.id, { onDelete: "cascade" }),
  telephone: text().notNull().default(""),
  twitter: text().notNull().default(""),
  preferredContact: text().notNull().default(""),
  deliveryOptIn: boolean().notNull().default(false),
  deliveryAddress: jsonb().$type<DeliveryAddress>(),
  newsletterStatus: text().$type<NewsletterStatus>().notNull().default("none"),
  newsletterGroups: jsonb()
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  notes: text().notNull().default(""),
  description: text().notNull().default(""),
});

export const contactRoles = pgTable(
  "contact_roles",
  {
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    role: text().$type<RoleType>().notNull(),
    dateAdded: timestamptz().notNull(),
    dateExpires: timestamptz(),
    /**
     * When the dates were last written. A start or end that had passed by then was told by the
     * change itself; only one still ahead is told by the hourly job when it passes. Rows from
     * before the column count as saved long ago.
     */
    savedAt: timestamptz()
      .notNull()
      .default(sql`'1970-01-01T00:00:00Z'`),
  },
  (table) => [primaryKey({ columns: [table.contactId, table.role] }), index("contact_roles_role_idx").on(table.role)],
);

export const contactMfa = pgTable("contact_mfa", {
  contactId: uuid()
    .primaryKey()
    .references(() => contacts.id, { onDelete: "cascade" }),
  id: uuid().notNull().unique(),
  type: text().$type<"totp">().notNull(),
  secret: text().notNull(),
  /** The last TOTP time step accepted, so a code cannot be replayed. */
  lastUsedStep: bigint({ mode: "number" }),
});

export const contributions = pgTable("contributions", {
  contactId: uuid()
    .primaryKey()
    .references(() => contacts.id, { onDelete: "cascade" }),
  payFee: boolean(),
  paymentMethod: text().$type<PaymentMethod>(),
  cancelledAt: timestamptz(),
  /** Manual contributors: where the money comes from (e.g. a standing order). */
  manualSource: text(),
  manualReference: text(),
  /** Which payment provider holds the mandate: test, stripe or gocardless. */
  provider: text(),
  /** The provider's ids for this person's customer, mandate (or card) and subscription. */
  customerId: text(),
  mandateId: text(),
  subscriptionId: text(),
  /** A changed per-period amount (minor units) that applies from the next payment. */
  nextAmount: integer(),
  /** What the person sees of their payment method (last digits, bank name …). */
  paymentSource: jsonb().$type<Record<string, unknown>>(),
  /** The latest pause (decision 067): when it was asked for and when payments resume; kept after it ends. */
  pausedAt: timestamptz(),
  pausedUntil: timestamptz(),
  /** When the scheduled check made sure the provider collects again after that pause. */
  resumedAt: timestamptz(),
});

/**
 * Why a member stopped or paused their contribution: one of the organisation's
 * reasons and their own words. Kept per occasion, so staff can count them.
 */
export const contributionReasons = pgTable(
  "contribution_reasons",
  {
    id: uuid().primaryKey(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** What the member did in the end: `cancelled` or `paused`. */
    outcome: text().$type<"cancelled" | "paused">().notNull(),
    reason: text().notNull(),
    detail: text().notNull().default(""),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    index("contribution_reasons_contact_idx").on(table.contactId),
    index("contribution_reasons_created_idx").on(table.createdAt),
  ],
);

export const contactTags = pgTable(
  "contact_tags",
  {
    id: uuid().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(""),
  },
  // Unique regardless of case, as callout tags are.
  (table) => [uniqueIndex("contact_tags_name_key").on(sql`lower(${table.name})`)],
);

export const contactTagAssignments = pgTable(
  "contact_tag_assignments",
  {
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    tagId: uuid()
      .notNull()
      .references(() => contactTags.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.contactId, table.tagId] }),
    index("contact_tag_assignments_tag_idx").on(table.tagId),
  ],
);

export { timestamptz };
