import type { ContactCsvColumn } from "@cohort/common/contacts";
import { contactCsvColumns } from "@cohort/common/contacts";
import { membershipStatus } from "@cohort/common/contacts";
import type { RuleGroup } from "@cohort/common/filters";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { contactRulesCondition } from "./list-service.js";
import { readExportRows, type ExportRow } from "./export-queries.js";

const BATCH_SIZE = 1000;

function formatMoney(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

function describeContribution(row: ExportRow, currencySymbol: string): string {
  const { contributionType, contributionAmount, contributionPeriod } = row;
  if (contributionType === "None" || contributionType === "Gift") return contributionType;
  if (contributionAmount === null) return contributionType;
  const period = contributionPeriod === "annually" ? "year" : "month";
  return `${currencySymbol}${formatMoney(contributionAmount)}/${period}`;
}

function toRecord(row: ExportRow, now: Date, currencySymbol: string): Record<ContactCsvColumn, string> {
  const monthly =
    row.contributionAmount === null
      ? ""
      : (row.contributionAmount / (row.contributionPeriod === "annually" ? 1200 : 100)).toFixed(2);
  const memberRole = row.memberSince
    ? { dateAdded: new Date(row.memberSince), dateExpires: row.memberUntil ? new Date(row.memberUntil) : null }
    : undefined;
  return {
    Id: row.id,
    EmailAddress: row.email,
    FirstName: row.firstname,
    LastName: row.lastname,
    Joined: row.joined ?? "",
    Tags: row.tagNames ?? "",
    ContributionType: row.contributionType,
    ContributionMonthlyAmount: monthly,
    ContributionPeriod: row.contributionPeriod ?? "",
    ContributionDescription: describeContribution(row, currencySymbol),
    ContributionCancelled: row.cancelledAt ?? "",
    MembershipStarts: row.memberSince ?? "",
    MembershipExpires: row.memberUntil ?? "",
    MembershipStatus: membershipStatus(memberRole, row.cancelledAt ? new Date(row.cancelledAt) : null, now),
    NewsletterStatus: row.newsletterStatus ?? "none",
    NewsletterGroups: row.newsletterGroups ?? "",
    DeliveryOptIn: row.deliveryOptIn ? "true" : "false",
    DeliveryAddressLine1: row.line1 ?? "",
    DeliveryAddressLine2: row.line2 ?? "",
    DeliveryAddressCity: row.city ?? "",
    DeliveryAddressPostcode: row.postcode ?? "",
    Telephone: row.telephone ?? "",
  };
}

/**
 * Every contact the rules match, as batches of CSV records, fetched so memory
 * stays flat however many contacts there are. The rules are checked at once,
 * so a bad rule fails before anything is sent.
 */
export async function exportContacts(
  ctx: AppContext,
  rules: RuleGroup | undefined,
  callerId: string | undefined,
  currencySymbol: string,
): Promise<AsyncGenerator<Record<ContactCsvColumn, string>[]>> {
  return exportRecords(ctx, await contactRulesCondition(ctx, rules, callerId), currencySymbol);
}

/** The CSV text of an export: the header, then one chunk per batch (large chunks keep the download fast). */
export async function* exportContactsCsv(
  batches: AsyncGenerator<Record<ContactCsvColumn, string>[]>,
): AsyncGenerator<string> {
  // The column names hold nothing a CSV cell must quote.
  let header = `${contactCsvColumns.join(",")}\n`;
  // The header waits for the first batch: until something is sent, a failure can still be answered with an error.
  for await (const records of batches) {
    let chunk = header;
    for (const record of records) chunk += csvLine(record);
    header = "";
    yield chunk;
  }
  if (header) yield header;
}

const MUST_QUOTE = /[",\r\n]/;

/**
 * One CSV line, written as csv-stringify writes it by default: cells in
 * column order, a cell quoted only when it holds a comma, a quote or a line
 * break, and quotes inside doubled.
 */
function csvLine(record: Record<ContactCsvColumn, string>): string {
  let line = "";
  for (let index = 0; index < contactCsvColumns.length; index++) {
    const cell = record[contactCsvColumns[index]!];
    if (index > 0) line += ",";
    line += MUST_QUOTE.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }
  return `${line}\n`;
}

async function* exportRecords(
  ctx: AppContext,
  where: SQL,
  currencySymbol: string,
): AsyncGenerator<Record<ContactCsvColumn, string>[]> {
  const now = ctx.clock.now();
  for await (const batch of readExportRows(ctx.db, where, BATCH_SIZE)) {
    yield batch.map((row) => toRecord(row, now, currencySymbol));
  }
}
