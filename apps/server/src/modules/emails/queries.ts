import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { ContributionPeriod } from "@cohort/common/payments";
import type { Db } from "../../db/client.js";
import { contactRoles, contacts, emailOutbox, emailTemplates } from "../../db/schema/index.js";

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type CustomTemplateRow = typeof emailTemplates.$inferSelect;

export async function findCustomTemplates(db: Db, id: string, locales: string[]): Promise<CustomTemplateRow[]> {
  return db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, id), inArray(emailTemplates.locale, locales)));
}

export async function saveCustomTemplate(db: Db, row: CustomTemplateRow): Promise<void> {
  await db
    .insert(emailTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [emailTemplates.id, emailTemplates.locale],
      set: { subject: row.subject, body: row.body, updatedAt: row.updatedAt },
    });
}

export async function deleteCustomTemplate(db: Db, id: string, locale: string): Promise<void> {
  await db.delete(emailTemplates).where(and(eq(emailTemplates.id, id), eq(emailTemplates.locale, locale)));
}

/** The email languages stored for the contacts with these addresses (stored lower-cased), by address. */
export async function findContactLocales(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  const rows = await db
    .select({ email: contacts.email, locale: contacts.locale })
    .from(contacts)
    .where(and(inArray(contacts.email, lowered), isNotNull(contacts.locale)));
  return new Map(rows.flatMap((row) => (row.locale ? [[row.email, row.locale] as const] : [])));
}

/** The period of a contact's contribution, if it has one. */
export async function findContributionPeriod(db: Db, contactId: string): Promise<ContributionPeriod | null> {
  const [row] = await db
    .select({ period: contacts.contributionPeriod })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return row?.period ?? null;
}

export type NewOutboxRow = typeof emailOutbox.$inferInsert;

export async function insertOutboxEmail(db: Db, row: NewOutboxRow): Promise<void> {
  await db.insert(emailOutbox).values(row);
}

export async function findOutboxEmail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** Newest first; the bodies stay out of the list. */
export async function listOutboxEmails(db: Db, page: { limit: number; offset: number }) {
  const { textBody: _text, htmlBody: _html, mergeFields: _fields, ...columns } = getTableColumns(emailOutbox);
  const [items, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(emailOutbox),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/**
 * Takes the oldest unsent email that still has tries left, counting the try.
 * `FOR UPDATE SKIP LOCKED` passes over a row another transaction holds, so
 * server copies that each claim inside a transaction never take the same one.
 */
export async function claimUnsentEmail(
  db: Db,
  filter: { id?: string | undefined; excludeIds: string[]; maxAttempts: number },
): Promise<OutboxRow | undefined> {
  const candidate = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lt(emailOutbox.attempts, filter.maxAttempts),
        filter.id === undefined ? undefined : eq(emailOutbox.id, filter.id),
        filter.excludeIds.length > 0 ? notInArray(emailOutbox.id, filter.excludeIds) : undefined,
      ),
    )
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(inArray(emailOutbox.id, candidate))
    .returning();
  return row;
}

export async function markEmailSent(db: Db, id: string, sentAt: Date): Promise<void> {
  await db.update(emailOutbox).set({ sentAt, lastError: null }).where(eq(emailOutbox.id, id));
}

export async function markEmailFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(emailOutbox).set({ lastError: error }).where(eq(emailOutbox.id, id));
}

/** Whether the row exists at all (it may not be committed yet when it was written inside a transaction). */
export async function outboxEmailExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row !== undefined;
}

/** The addresses of everyone holding an admin or superadmin role right now, each once. */
export async function findActiveAdminAddresses(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: contacts.email })
    .from(contacts)
    .innerJoin(contactRoles, eq(contactRoles.contactId, contacts.id))
    .where(
      and(
        inArray(contactRoles.role, ["admin", "superadmin"]),
        lte(contactRoles.dateAdded, now),
        or(isNull(contactRoles.dateExpires), gte(contactRoles.dateExpires, now)),
      ),
    )
    .orderBy(contacts.email);
  return rows.map((row) => row.email);
}

/**
 * A part of another module's statement (decision 083): writes to the outbox the emails made in
 * advance in `email` (a JSON expression on the rows of `rows`, holding an outbox row's fields),
 * one for each row where it is not null, with everything else the statement writes.
 */
export function insertOutboxRowsFrom(rows: SQL, email: SQL): SQL {
  return sql`INSERT INTO ${emailOutbox} (id, template_id, contact_id, to_address, to_name, subject, text_body, html_body,
      merge_fields, created_at)
    SELECT (${email}->>'id')::uuid, ${email}->>'templateId', (${email}->>'contactId')::uuid, ${email}->>'toAddress',
      ${email}->>'toName', ${email}->>'subject', ${email}->>'textBody', ${email}->>'htmlBody', ${email}->'mergeFields',
      (${email}->>'createdAt')::timestamptz
    FROM ${rows}
    WHERE ${email} IS NOT NULL`;
}
