import { stringify } from "csv-stringify/sync";
import type { ContactCsvColumn } from "@cohort/common/contacts";
import { contactCsvColumns } from "@cohort/common/contacts";
import { membershipStatus } from "@cohort/common/contacts";
import type { RuleGroup } from "@cohort/common/filters";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { contactRulesCondition } from "./list-service.js";
import { findExportBatch, type ExportCursor } from "./export-queries.js";

const BATCH_SIZE = 1000;
type Row = Awaited<ReturnType<typeof findExportBatch>>[number];

function formatMoney(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

function describeContribution(row: Row, currencySymbol: string): string {
  const { contributionType, contributionAmount, contributionPeriod } = row;
  if (contributionType === "None" || contributionType === "Gift") return contributionType;
  if (contributionAmount === null) return contributionType;
  const period = contributionPeriod === "annually" ? "year" : "month";
  return `${currencySymbol}${formatMoney(contributionAmount)}/${period}`;
}

function toRecord(row: Row, now: Date, currencySymbol: string): Record<ContactCsvColumn, string> {
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
export function exportContacts(
  ctx: AppContext,
  rules: RuleGroup | undefined,
  callerId: string | undefined,
  currencySymbol: string,
): AsyncGenerator<Record<ContactCsvColumn, string>[]> {
  return exportBatches(ctx, contactRulesCondition(ctx, rules, callerId), currencySymbol);
}

/** The CSV text of an export, one chunk per batch (large chunks keep the download fast). */
export async function* exportContactsCsv(
  batches: AsyncGenerator<Record<ContactCsvColumn, string>[]>,
): AsyncGenerator<string> {
  let header = true;
  for await (const records of batches) {
    yield stringify(records, { header, columns: [...contactCsvColumns] });
    header = false;
  }
  if (header) yield stringify([], { header: true, columns: [...contactCsvColumns] });
}

async function* exportBatches(
  ctx: AppContext,
  where: SQL,
  currencySymbol: string,
): AsyncGenerator<Record<ContactCsvColumn, string>[]> {
  const now = ctx.clock.now();
  const next = (cursor: ExportCursor | null) => {
    const batch = findExportBatch(ctx.db, where, cursor, BATCH_SIZE);
    // If the download is abandoned, a batch nobody awaits must not become an unhandled rejection.
    batch.catch(() => undefined);
    return batch;
  };
  let pending = next(null);
  for (;;) {
    const batch = await pending;
    const last = batch[batch.length - 1];
    // Fetch the next batch while this one is being written out.
    if (last && batch.length === BATCH_SIZE) pending = next({ joined: last.joinedExact, id: last.id });
    if (batch.length > 0) yield batch.map((row) => toRecord(row, now, currencySymbol));
    if (!last || batch.length < BATCH_SIZE) return;
  }
}
