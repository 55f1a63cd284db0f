import type { Attribution } from "@cohort/common/attribution";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { Locale } from "@cohort/common/i18n";
import { calloutOpenAt } from "../../db/callout-status.js";
import type { Db } from "../../db/client.js";
import { calloutFunnelCounters, calloutResponses, callouts, responseConfirmations } from "../../db/schema/index.js";
import type { emailOutbox } from "../../db/schema/index.js";

/**
 * The statements of the answering path, the busiest in Cohort, and the
 * callout lookup. They are prepared once per database, so a submission costs
 * no query building here and no parsing on the database server; values go in
 * as placeholders (dates as ISO text, JSON as text).
 */

const placeholder = (name: string) => sql.placeholder(name);

/** What answering and reading responses needs to know about a callout. */
const calloutColumns = {
  id: callouts.id,
  slug: callouts.slug,
  starts: callouts.starts,
  expires: callouts.expires,
  access: callouts.access,
  captcha: callouts.captcha,
  allowUpdate: callouts.allowUpdate,
  allowMultiple: callouts.allowMultiple,
  formSchema: callouts.formSchema,
  responseViewSchema: callouts.responseViewSchema,
};

export type ResponseCalloutRow = Pick<typeof callouts.$inferSelect, keyof typeof calloutColumns>;

function prepareLookups(db: Db) {
  const select = () => db.select(calloutColumns).from(callouts);
  return {
    calloutById: select()
      .where(eq(callouts.id, placeholder("id")))
      .prepare("responses_callout_by_id"),
    calloutBySlug: select()
      .where(eq(callouts.slug, placeholder("slug")))
      .prepare("responses_callout_by_slug"),
  };
}

/** SQL condition: the callout is open at `:now`. */
const calloutIsOpen: SQL = calloutOpenAt(sql`${placeholder("now")}::timestamptz`);

export const responseColumns = {
  id: calloutResponses.id,
  number: calloutResponses.number,
  createdAt: calloutResponses.createdAt,
  updatedAt: calloutResponses.updatedAt,
  bucket: calloutResponses.bucket,
  guestName: calloutResponses.guestName,
  guestEmail: calloutResponses.guestEmail,
  imported: calloutResponses.imported,
};

/**
 * The parts of the answering statement that write tables other modules own (decision 083): the
 * callouts module's response counter, the idempotency module's stored answers and the emails
 * module's outbox. Their services hand them out, so the statement stays one.
 */
export interface AnsweringParts {
  raiseResponseCounter(calloutId: SQL, count: SQL, openAt: SQL): SQL;
  storeAnswersFrom(rows: SQL, key: SQL, body: SQL, createdAt: SQL): SQL;
  queueEmailsFrom(rows: SQL, email: SQL): SQL;
}

/**
 * Inserts responses to one callout, numbered in the same statement: the
 * callout's counter is raised by their count and read while its row is
 * locked, so concurrent answers never share a number and none is lost.
 * Nothing is inserted while the callout is not open at `:now`. The rows come
 * as one JSON array, so one prepared statement serves any number of them.
 * In the same statement, a guest's response gets its confirmation row, and a
 * request sent with an idempotency key gets its answer stored (its body is
 * made in advance, the number added here), and an email made in advance (a
 * guest's confirmation) goes into the outbox, and the day's count of
 * responses sent in the callout's funnel goes up by as many (decision 073):
 * all are written exactly when the response is, with one commit.
 */
function prepareInsert(db: Db, parts: AnsweringParts) {
  const counter = db
    .$with("counter", {})
    .as(
      parts.raiseResponseCounter(
        sql`${placeholder("calloutId")}`,
        sql`${placeholder("count")}`,
        sql`${placeholder("now")}`,
      ),
    );
  const incoming = db.$with("incoming", {}).as(sql`SELECT * FROM jsonb_to_recordset(${placeholder("rows")}::jsonb)
    AS r(ord int, id uuid, contact_id uuid, guest_name text, guest_email text, answers jsonb, newsletter jsonb,
      utm_source text, utm_medium text, utm_campaign text, ref text,
      created_at timestamptz, confirmation jsonb, idempotency jsonb, email jsonb)`);
  const number = sql`counter.last - ${placeholder("count")}::int + r.ord`;
  const confirmations = db.$with("confirmations", {}).as(sql`
    INSERT INTO ${responseConfirmations} (id, response_id, email, firstname, lastname, newsletter, locale, created_at)
    SELECT (r.confirmation->>'id')::uuid, r.id, r.guest_email, r.confirmation->>'firstname',
      r.confirmation->>'lastname', r.confirmation->'newsletter', r.confirmation->>'locale', r.created_at
    FROM ${counter}, incoming r
    WHERE r.confirmation IS NOT NULL`);
  const keyBody = sql`CASE WHEN (r.idempotency->>'numbered')::boolean
    THEN (r.idempotency->'body') || jsonb_build_object('number', ${number}) ELSE r.idempotency->'body' END`;
  const keys = db
    .$with("keys", {})
    .as(parts.storeAnswersFrom(sql`${counter}, incoming r`, sql`r.idempotency`, keyBody, sql`r.created_at`));
  const emails = db.$with("emails", {}).as(parts.queueEmailsFrom(sql`${counter}, incoming r`, sql`r.email`));
  const funnel = db.$with("funnel", {}).as(sql`
    INSERT INTO ${calloutFunnelCounters} (callout_id, day, stage, slide_id, count)
    SELECT ${placeholder("calloutId")}::uuid, (r.created_at AT TIME ZONE 'UTC')::date, 'submitted', '', count(*)::int
    FROM ${counter}, incoming r
    GROUP BY (r.created_at AT TIME ZONE 'UTC')::date
    ON CONFLICT (callout_id, day, stage, slide_id)
    DO UPDATE SET count = ${calloutFunnelCounters}.count + excluded.count`);
  return db
    .with(counter, incoming, confirmations, keys, emails, funnel)
    .insert(calloutResponses)
    .select(
      db
        .select({
          id: sql`r.id`.as("id"),
          calloutId: sql`${placeholder("calloutId")}::uuid`.as("callout_id"),
          number: number.as("number"),
          contactId: sql`r.contact_id`.as("contact_id"),
          guestName: sql`r.guest_name`.as("guest_name"),
          guestEmail: sql`r.guest_email`.as("guest_email"),
          answers: sql`r.answers`.as("answers"),
          newsletter: sql`r.newsletter`.as("newsletter"),
          bucket: sql`''`.as("bucket"),
          assigneeId: sql`NULL::uuid`.as("assignee_id"),
          imported: sql`false`.as("imported"),
          utmSource: sql`r.utm_source`.as("utm_source"),
          utmMedium: sql`r.utm_medium`.as("utm_medium"),
          utmCampaign: sql`r.utm_campaign`.as("utm_campaign"),
          ref: sql`r.ref`.as("ref"),
          createdAt: sql`r.created_at`.as("created_at"),
          updatedAt: sql`r.created_at`.as("updated_at"),
        })
        .from(sql`${counter}, incoming r`),
    )
    .returning(responseColumns)
    .prepare("responses_insert_numbered");
}

/** Replaces a response's answers and newsletter choice, while its callout is open. */
function prepareOverwrite(db: Db) {
  const stillOpen = db
    .select({ id: callouts.id })
    .from(callouts)
    .where(and(eq(callouts.id, placeholder("calloutId")), calloutIsOpen));
  return db
    .update(calloutResponses)
    .set({
      answers: sql`${placeholder("answers")}::jsonb`,
      newsletter: sql`${placeholder("newsletter")}::jsonb`,
      updatedAt: sql`${placeholder("now")}::timestamptz`,
    })
    .where(and(eq(calloutResponses.id, placeholder("id")), sql`EXISTS (${stillOpen})`))
    .returning(responseColumns)
    .prepare("responses_overwrite");
}

function prepareLatest(db: Db) {
  return db
    .select({ id: calloutResponses.id })
    .from(calloutResponses)
    .where(
      and(
        eq(calloutResponses.calloutId, placeholder("calloutId")),
        eq(calloutResponses.contactId, placeholder("contactId")),
      ),
    )
    .orderBy(desc(calloutResponses.createdAt), desc(calloutResponses.number))
    .limit(1)
    .prepare("responses_latest_of_contact");
}

function prepareStatements(db: Db) {
  return {
    ...prepareLookups(db),
    overwrite: prepareOverwrite(db),
    latest: prepareLatest(db),
  };
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareStatements>>();
function statements(db: Db) {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareStatements(db);
    preparedByDb.set(db, prepared);
  }
  return prepared;
}

export async function findCalloutById(db: Db, id: string): Promise<ResponseCalloutRow | undefined> {
  const [row] = await statements(db).calloutById.execute({ id });
  return row;
}

export async function findCalloutBySlug(db: Db, slug: string): Promise<ResponseCalloutRow | undefined> {
  const [row] = await statements(db).calloutBySlug.execute({ slug });
  return row;
}

export interface ResponseRow {
  id: string;
  number: number;
  createdAt: Date;
  updatedAt: Date;
  bucket: string;
  guestName: string | null;
  guestEmail: string | null;
  /** Left out where it cannot be set: a response the form sends is never imported. */
  imported?: boolean;
}

export type ResponseNewsletter = { optIn: boolean; groups: string[] } | null;

export interface NewResponse {
  id: string;
  calloutId: string;
  contactId: string | null;
  answers: CalloutAnswers;
  newsletter: ResponseNewsletter;
  /** The campaign fields of the link answered from (decision 074). */
  attribution?: Attribution | undefined;
  now: Date;
  /** A guest's details, kept on the response; `confirmation` is what their emailed link confirms. */
  guest?: {
    name: string;
    email: string;
    confirmation: {
      id: string;
      firstname: string;
      lastname: string;
      newsletter: ResponseNewsletter;
      locale: Locale | null;
    };
  };
  /** The answer to store with the request's idempotency key; `numbered` adds the response's number to its body. */
  idempotency?: {
    scope: string;
    key: string;
    requestHash: string;
    status: number;
    body: unknown;
    numbered: boolean;
    expiresAt: Date;
  };
  /** An email to write to the outbox with the response (a guest's confirmation), filled in already. */
  email?: typeof emailOutbox.$inferInsert & { id: string };
}

const insertByDb = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

const jsonOrNull = (value: unknown) => (value === null ? null : JSON.stringify(value));

/**
 * Saves new responses to one callout, numbered in the order given; nothing
 * (an empty list) when the callout is not open at `now`.
 */
export async function insertNumberedResponses(
  db: Db,
  parts: AnsweringParts,
  calloutId: string,
  now: Date,
  responses: Omit<NewResponse, "calloutId">[],
): Promise<ResponseRow[]> {
  const rows = responses.map((response, index) => ({
    ord: index + 1,
    id: response.id,
    contact_id: response.contactId,
    guest_name: response.guest?.name ?? null,
    guest_email: response.guest?.email ?? null,
    answers: response.answers,
    newsletter: response.newsletter,
    utm_source: response.attribution?.utmSource ?? null,
    utm_medium: response.attribution?.utmMedium ?? null,
    utm_campaign: response.attribution?.utmCampaign ?? null,
    ref: response.attribution?.ref ?? null,
    created_at: response.now.toISOString(),
    confirmation: response.guest?.confirmation ?? null,
    idempotency: response.idempotency
      ? { ...response.idempotency, expiresAt: response.idempotency.expiresAt.toISOString() }
      : null,
    email: response.email
      ? {
          ...response.email,
          contactId: response.email.contactId ?? null,
          toName: response.email.toName ?? "",
          createdAt: (response.email.createdAt ?? response.now).toISOString(),
        }
      : null,
  }));
  let insert = insertByDb.get(db);
  if (!insert) {
    insert = prepareInsert(db, parts);
    insertByDb.set(db, insert);
  }
  return insert.execute({
    calloutId,
    count: rows.length,
    rows: JSON.stringify(rows),
    now: now.toISOString(),
  });
}

/** Overwrites a response's answers and newsletter choice; undefined when the callout is not open at `now`. */
export async function overwriteResponse(
  db: Db,
  id: string,
  changes: Pick<NewResponse, "calloutId" | "answers" | "newsletter" | "now">,
): Promise<ResponseRow | undefined> {
  const [row] = await statements(db).overwrite.execute({
    id,
    calloutId: changes.calloutId,
    answers: JSON.stringify(changes.answers),
    newsletter: jsonOrNull(changes.newsletter),
    now: changes.now.toISOString(),
  });
  return row;
}

/** The id of the contact's latest response to the callout. */
export async function findLatestResponseId(db: Db, calloutId: string, contactId: string): Promise<string | undefined> {
  const [row] = await statements(db).latest.execute({ calloutId, contactId });
  return row?.id;
}
