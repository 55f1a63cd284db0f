import type { AccountExportSection } from "@cohort/common/account";
import { accountExportBaseName } from "@cohort/common/account";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { csvFile } from "../../lib/csv.js";
import { richTextToPlainText } from "../../lib/html.js";
import { zipTextFiles } from "../../lib/zip.js";
import { readOwnRecords, type OwnRecords } from "./export-queries.js";

/** Minor units to major units; integers divided by 100 print exactly to the cent. */
const major = (minor: number | null) => (minor === null ? null : minor / 100);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything Cohort holds about one person, as they may take it elsewhere
 * (GDPR articles 15 and 20). Secrets are left out: the password hash, the
 * 2FA secret and the payment provider's internal ids; whether 2FA is on is
 * said instead.
 */
export function exportDocument(records: OwnRecords, now: Date) {
  const { contact, profile, contribution } = records;
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: contact.id,
      email: contact.email,
      firstname: contact.firstname,
      lastname: contact.lastname,
      joined: iso(contact.joined),
      lastSeen: iso(contact.lastSeen),
      telephone: profile?.telephone ?? "",
      twitter: profile?.twitter ?? "",
      preferredContact: profile?.preferredContact ?? "",
      deliveryOptIn: profile?.deliveryOptIn ?? false,
      deliveryAddress: profile?.deliveryAddress ?? null,
      newsletterStatus: profile?.newsletterStatus ?? "none",
      newsletterGroups: profile?.newsletterGroups ?? [],
      description: profile?.description ?? "",
      notes: profile?.notes ?? "",
      twoFactorLogin: records.mfa ? records.mfa.type : null,
    },
    roles: records.roles.map((role) => ({
      role: role.role,
      dateAdded: iso(role.dateAdded),
      dateExpires: iso(role.dateExpires),
    })),
    tags: records.tags.map((tag) => tag.name),
    contribution: {
      type: contact.contributionType,
      period: contact.contributionPeriod,
      amount: major(contact.contributionAmount),
      nextAmount: major(contribution?.nextAmount ?? null),
      payFee: contribution?.payFee ?? null,
      paymentMethod: contribution?.paymentMethod ?? null,
      paymentSource: contribution?.paymentSource ?? null,
      provider: contribution?.provider ?? null,
      manualSource: contribution?.manualSource ?? null,
      manualReference: contribution?.manualReference ?? null,
      cancelledAt: iso(contribution?.cancelledAt ?? null),
    },
    payments: records.payments.map((payment) => ({
      id: payment.id,
      chargeDate: iso(payment.chargeDate),
      amount: major(payment.amount),
      amountRefunded: major(payment.amountRefunded),
      currency: payment.currency,
      status: payment.status,
      provider: payment.provider,
    })),
    calloutResponses: records.responses.map((response) => ({
      id: response.id,
      calloutId: response.calloutId,
      calloutSlug: response.calloutSlug,
      calloutTitle: response.calloutTitle ?? "",
      number: response.number,
      createdAt: iso(response.createdAt),
      updatedAt: iso(response.updatedAt),
      answers: response.answers,
      newsletter: response.newsletter,
    })),
    comments: records.comments.map((comment) => ({
      id: comment.id,
      calloutSlug: comment.calloutSlug,
      responseId: comment.responseId,
      responseNumber: comment.responseNumber,
      text: comment.text,
      createdAt: iso(comment.createdAt),
      updatedAt: iso(comment.updatedAt),
    })),
  };
}
export type AccountExportDocument = ReturnType<typeof exportDocument>;

/** Field and value, one per line, for sections that describe one thing. */
function fieldsFile(record: Record<string, unknown>): string {
  return csvFile(
    ["field", "value"],
    Object.entries(record).map(([field, value]) => [field, value]),
  );
}

/** One line per answer: a response's answers are a tree of slides and fields. */
function answerRows(response: AccountExportDocument["calloutResponses"][number]): unknown[][] {
  const rows: unknown[][] = [];
  const head = [response.calloutTitle, response.calloutSlug, response.number, response.createdAt, response.updatedAt];
  for (const [slide, fields] of Object.entries(response.answers ?? {})) {
    for (const [field, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
      rows.push([...head, slide, field, value]);
    }
  }
  return rows.length > 0 ? rows : [[...head, "", "", ""]];
}

export function exportCsvFiles(document: AccountExportDocument): Record<AccountExportSection, string> {
  return {
    profile: fieldsFile(document.profile),
    roles: csvFile(
      ["role", "dateAdded", "dateExpires"],
      document.roles.map((role) => [role.role, role.dateAdded, role.dateExpires]),
    ),
    tags: csvFile(
      ["tag"],
      document.tags.map((tag) => [tag]),
    ),
    contribution: fieldsFile(document.contribution),
    payments: csvFile(
      ["chargeDate", "amount", "amountRefunded", "currency", "status", "provider", "id"],
      document.payments.map((payment) => [
        payment.chargeDate,
        payment.amount?.toFixed(2),
        payment.amountRefunded?.toFixed(2),
        payment.currency,
        payment.status,
        payment.provider,
        payment.id,
      ]),
    ),
    "callout-responses": csvFile(
      ["calloutTitle", "calloutSlug", "responseNumber", "createdAt", "updatedAt", "slide", "field", "answer"],
      document.calloutResponses.flatMap(answerRows),
    ),
    comments: csvFile(
      ["calloutSlug", "responseNumber", "createdAt", "updatedAt", "text"],
      document.comments.map((comment) => [
        comment.calloutSlug,
        comment.responseNumber,
        comment.createdAt,
        comment.updatedAt,
        // Stored as rich text; a spreadsheet shows no HTML.
        richTextToPlainText(comment.text),
      ]),
    ),
  };
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

export async function exportOwnData(ctx: AppContext, contactId: string, format: "json" | "zip"): Promise<ExportFile> {
  const records = await readOwnRecords(ctx.db, contactId);
  if (!records) throw notFound("Contact not found");
  const now = ctx.clock.now();
  const document = exportDocument(records, now);
  const base = accountExportBaseName(now);
  if (format === "json") {
    return {
      filename: `${base}.json`,
      contentType: "application/json; charset=utf-8",
      body: `${JSON.stringify(document, null, 2)}\n`,
    };
  }
  const files = exportCsvFiles(document);
  const entries = Object.entries(files).map(([section, content]) => ({ name: `${base}/${section}.csv`, content }));
  entries.push({ name: `${base}/my-data.json`, content: `${JSON.stringify(document, null, 2)}\n` });
  return { filename: `${base}.zip`, contentType: "application/zip", body: zipTextFiles(entries, now) };
}
