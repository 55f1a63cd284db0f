import { sql } from "drizzle-orm";
import type { Locale } from "@cohort/common/i18n";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type {
  CalloutAccess,
  CalloutCaptcha,
  CalloutChannel,
  FormSchemaInput,
  FunnelReportStage,
  NewsletterSchema,
  ResponseViewSchema,
} from "@cohort/common/callouts";
import { contacts, timestamptz } from "./contacts.js";

export const callouts = pgTable(
  "callouts",
  {
    id: uuid().primaryKey(),
    slug: text().notNull(),
    image: text().notNull().default(""),
    /** Null while a draft; status is derived from starts and expires at read time. */
    starts: timestamptz(),
    expires: timestamptz(),
    allowUpdate: boolean().notNull().default(false),
    allowMultiple: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
    access: text().$type<CalloutAccess>().notNull().default("member"),
    captcha: text().$type<CalloutCaptcha>().notNull().default("none"),
    channels: jsonb().$type<CalloutChannel[] | null>(),
    /** Slides with their components and `navigation.nextSlideId`; texts live in the variants. */
    formSchema: jsonb().$type<FormSchemaInput>().notNull(),
    newsletterSchema: jsonb().$type<NewsletterSchema | null>(),
    responseViewSchema: jsonb().$type<ResponseViewSchema | null>(),
    /** The highest response number handed out; responses are numbered from it. */
    lastResponseNumber: integer().notNull().default(0),
    createdAt: timestamptz().notNull(),
  },
  (table) => [uniqueIndex("callouts_slug_key").on(table.slug), index("callouts_starts_idx").on(table.starts)],
);

/** Every translatable text of a callout, once per language; `default` is required. */
export const calloutVariants = pgTable(
  "callout_variants",
  {
    calloutId: uuid()
      .notNull()
      .references(() => callouts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    title: text().notNull(),
    excerpt: text().notNull(),
    intro: text().notNull(),
    thanksTitle: text().notNull(),
    thanksText: text().notNull(),
    thanksRedirect: text(),
    shareTitle: text(),
    shareDescription: text(),
    slideNavigation: jsonb()
      .$type<Record<string, { prevText: string; nextText: string; submitText: string }>>()
      .notNull(),
    componentText: jsonb().$type<Record<string, string>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.calloutId, table.name] })],
);

export const calloutResponses = pgTable(
  "callout_responses",
  {
    id: uuid().primaryKey(),
    calloutId: uuid()
      .notNull()
      .references(() => callouts.id, { onDelete: "cascade" }),
    number: integer().notNull(),
    /** Null for anonymous responses and after the contact is deleted. */
    contactId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    guestName: text(),
    guestEmail: text(),
    answers: jsonb().$type<CalloutAnswers>().notNull(),
    newsletter: jsonb().$type<{ optIn: boolean; groups: string[] } | null>(),
    bucket: text().notNull().default(""),
    assigneeId: uuid().references(() => contacts.id, { onDelete: "set null" }),
    /** Imported from a file by an admin (answers given on paper, by phone, elsewhere), not sent through the form. */
    imported: boolean().notNull().default(false),
    /** The campaign fields of the link answered from (decision 074); null when the link had none. */
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    ref: text(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex("callout_responses_number_key").on(table.calloutId, table.number),
    index("callout_responses_callout_created_idx").on(table.calloutId, table.createdAt),
    // The dashboard's newest responses across every callout.
    index("callout_responses_created_idx").on(table.createdAt, table.number),
    index("callout_responses_assignee_idx")
      .on(table.assigneeId)
      .where(sql`${table.assigneeId} is not null`),
    index("callout_responses_contact_idx")
      .on(table.contactId, table.calloutId)
      .where(sql`${table.contactId} is not null`),
  ],
);

/**
 * What the summary of answers reads from an answer, worked out when the answer
 * is written rather than each time it is read (decision 084): the words of an
 * answer to a text input (each once) and its pairs of neighbouring words (each
 * once, the two words joined by a space), and an answer to a date input as
 * seconds since 1970. One row per response and text input answered with text
 * (even empty), and per response and date input answered with a real date. Written only by the
 * database's triggers on `callout_responses` and `callouts` (migration 0036),
 * so every path that writes answers keeps it up to date in its transaction.
 */
export const calloutResponseValues = pgTable(
  "callout_response_values",
  {
    responseId: uuid()
      .notNull()
      .references(() => calloutResponses.id, { onDelete: "cascade" }),
    calloutId: uuid().notNull(),
    slideId: text().notNull(),
    key: text().notNull(),
    words: text().array(),
    phrases: text().array(),
    date: doublePrecision(),
  },
  (table) => [
    primaryKey({ columns: [table.responseId, table.slideId, table.key] }),
    index("callout_response_values_input_idx").on(table.calloutId, table.slideId, table.key),
  ],
);

/** A callout's own tags for sorting its responses; names are free text, unique within the callout regardless of case. */
export const calloutTags = pgTable(
  "callout_tags",
  {
    id: uuid().primaryKey(),
    calloutId: uuid()
      .notNull()
      .references(() => callouts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text().notNull().default(""),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    index("callout_tags_callout_idx").on(table.calloutId),
    uniqueIndex("callout_tags_name_key").on(table.calloutId, sql`lower(${table.name})`),
  ],
);

export const calloutResponseTags = pgTable(
  "callout_response_tags",
  {
    responseId: uuid()
      .notNull()
      .references(() => calloutResponses.id, { onDelete: "cascade" }),
    tagId: uuid()
      .notNull()
      .references(() => calloutTags.id, { onDelete: "cascade" }),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.responseId, table.tagId] }),
    index("callout_response_tags_tag_idx").on(table.tagId, table.responseId),
  ],
);

/** Staff discussion of a response; `text` is sanitised HTML. */
export const calloutResponseComments = pgTable(
  "callout_response_comments",
  {
    id: uuid().primaryKey(),
    responseId: uuid()
      .notNull()
      .references(() => calloutResponses.id, { onDelete: "cascade" }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    text: text().notNull(),
    createdAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (table) => [index("callout_response_comments_response_idx").on(table.responseId, table.createdAt)],
);

/**
 * A guest's response waiting for the guest to confirm their email address;
 * the id is the secret in the emailed link. Until then the response belongs
 * to nobody and the newsletter choice waits here.
 */
export const responseConfirmations = pgTable(
  "response_confirmations",
  {
    id: uuid().primaryKey(),
    responseId: uuid()
      .notNull()
      .references(() => calloutResponses.id, { onDelete: "cascade" }),
    email: text().notNull(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    newsletter: jsonb().$type<{ optIn: boolean; groups: string[] } | null>(),
    /** The language of the page the guest answered on (a `Locale`); their emails use it. */
    locale: text().$type<Locale>(),
    createdAt: timestamptz().notNull(),
    confirmedAt: timestamptz(),
  },
  (table) => [index("response_confirmations_response_idx").on(table.responseId)],
);

export const calloutReviewers = pgTable(
  "callout_reviewers",
  {
    id: uuid().primaryKey(),
    calloutId: uuid()
      .notNull()
      .references(() => callouts.id, { onDelete: "cascade" }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex("callout_reviewers_callout_contact_key").on(table.calloutId, table.contactId),
    index("callout_reviewers_contact_idx").on(table.contactId),
  ],
);

/** A single-use permission to upload one file, as `POST /upload` hands out. */
export const uploadFlows = pgTable(
  "upload_flows",
  {
    id: uuid().primaryKey(),
    contactId: uuid().references(() => contacts.id, { onDelete: "cascade" }),
    ipAddress: text().notNull(),
    createdAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (table) => [index("upload_flows_ip_created_idx").on(table.ipAddress, table.createdAt)],
);

/** A stored file; the bytes live in the storage provider under `storageKey`. */
export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    id: uuid().primaryKey(),
    storageKey: text().notNull(),
    /** Sniffed from the bytes, never taken from the client. */
    contentType: text().notNull(),
    name: text().notNull(),
    size: integer().notNull(),
    createdAt: timestamptz().notNull(),
    /**
     * The response whose answer first referred to this file, and the answer
     * (slide id and component key). While the component is `adminOnly`, only
     * those who may read the response get the file. Null: not in an answer.
     */
    responseId: uuid().references(() => calloutResponses.id, { onDelete: "cascade" }),
    answerSlideId: text(),
    answerKey: text(),
  },
  (table) => [
    index("uploaded_files_response_idx")
      .on(table.responseId)
      .where(sql`${table.responseId} is not null`),
  ],
);

/** Solved captcha challenges, kept until they expire so one solution is never used twice. */
export const captchaSolutions = pgTable(
  "captcha_solutions",
  {
    signature: text().primaryKey(),
    expiresAt: timestamptz().notNull(),
  },
  (table) => [index("captcha_solutions_expires_idx").on(table.expiresAt)],
);

/** Secrets the server makes for itself on first start (e.g. the captcha HMAC key), shared by every copy. */
export const serverSecrets = pgTable("server_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamptz().notNull(),
});

/** Staff members an admin chose to tell about a callout's responses (admins or its reviewers). */
export const calloutNotificationRecipients = pgTable(
  "callout_notification_recipients",
  {
    calloutId: uuid()
      .notNull()
      .references(() => callouts.id, { onDelete: "cascade" }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** An email for every new response. */
    eachResponse: boolean().notNull().default(false),
    /** An email when the response count passes one of the callout's thresholds. */
    thresholds: boolean().notNull().default(false),
    /** One email a day listing the previous day's responses (decision 030). */
    dailyDigest: boolean().notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.calloutId, table.contactId] })],
);

/** Response counts that trigger an alert once; `reachedAt` is set when the alert went out (or was already passed). */
export const calloutResponseThresholds = pgTable(
  "callout_response_thresholds",
  {
    calloutId: uuid()
      .notNull()
      .references(() => callouts.id, { onDelete: "cascade" }),
    threshold: integer().notNull(),
    reachedAt: timestamptz(),
  },
  (table) => [primaryKey({ columns: [table.calloutId, table.threshold] })],
);

/**
 * The callouts the sample data loader made, so "Remove sample data" finds
 * them (and only them) whatever staff renamed since.
 */
export const sampleCallouts = pgTable("sample_callouts", {
  calloutId: uuid()
    .primaryKey()
    .references(() => callouts.id, { onDelete: "cascade" }),
});

/**
 * How far readers got through a callout's form, counted per day (UTC) and
 * stage (decision 073): `opened`, `started` and `submitted` with an empty
 * `slideId`, `slide` once per slide reached. Counters only: nothing says who
 * or when within the day.
 */
export const calloutFunnelCounters = pgTable(
  "callout_funnel_counters",
  {
    calloutId: uuid()
      .notNull()
      .references(() => callouts.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    stage: text().$type<FunnelReportStage | "submitted">().notNull(),
    /** A slide id of the form (at most 100 characters), empty for the other stages. */
    slideId: text().notNull().default(""),
    count: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.calloutId, table.day, table.stage, table.slideId] })],
);
